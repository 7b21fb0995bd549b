import { describe, expect, it } from 'vitest';
import { eventCalendar, eventDays, registrationMail } from '~/server/registration/registration-mail';

const event = {
  eventId: 7, eventSlug: 'summit', eventName: 'Summit', locale: 'nb' as const, timeZone: 'Europe/Oslo',
  startDate: '2025-06-02T07:00:00.000Z', endDate: '2025-06-03T15:00:00.000Z',
};

describe('registration mails', () => {
  it('makes one calendar entry per event day, from the start time to the end time in the event zone', () => {
    expect(eventDays(event).map((d) => [d.startDate, d.endDate])).toEqual([
      ['2025-06-02T07:00:00.000Z', '2025-06-02T15:00:00.000Z'],
      ['2025-06-03T07:00:00.000Z', '2025-06-03T15:00:00.000Z'],
    ]);
  });

  it('builds an .ics with stable UIDs per day', () => {
    const ics = eventCalendar(event, 'https://summit.example.org', new Date('2025-05-01T00:00:00Z'));
    expect(ics.filename).toBe('summit.ics');
    expect(String(ics.content)).toContain('UID:event-7-day-1@summit.eventplatform');
    expect(String(ics.content)).toContain('DTSTART:20250603T070000Z');
  });

  it('writes the mail in the event language with its values', () => {
    const mail = registrationMail(event, 'waiting', 'kari@example.org', { name: 'Kari', link: 'https://x/register/cancel/t' });
    expect(mail).toMatchObject({ to: 'kari@example.org', kind: 'registration-waiting', subject: 'Du står på ventelisten for Summit' });
    expect(mail.text).toContain('https://x/register/cancel/t');
    expect(mail).not.toHaveProperty('attachments');
  });
});
