import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, utcStamp } from '~/server/agenda/calendar';

const info = { uidDomain: 'demo.eventplatform', name: 'Summit, 2025', timeZone: 'Europe/Oslo', now: new Date('2025-06-01T10:00:00Z'),
  event: { startDate: '2025-06-02T06:00:00.000Z', endDate: '2025-06-03T16:00:00.000Z', url: 'https://demo.example/stage' },
};
const unfolded = (ics: string) => ics.replace(/\r\n /g, '');

describe('my program calendar (ICS)', () => {
  it('writes UTC start and end times with CRLF line ends', () => {
    const ics = buildCalendar(info, [{ id: 7, title: 'Keynote', startDate: '2025-06-02T07:00:00.000Z', endDate: '2025-06-02T08:30:00.000Z' }]);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20250602T070000Z\r\nDTEND:20250602T083000Z\r\n');
    expect(ics).toContain('UID:session-7@demo.eventplatform');
    expect(ics).toContain('X-WR-TIMEZONE:Europe/Oslo');
    expect(ics).toContain('X-WR-CALNAME:Summit\\, 2025');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('writes the event\'s own days when nothing is booked, since RFC 5545 wants at least one component', () => {
    const ics = unfolded(buildCalendar(info, []));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('UID:event@demo.eventplatform\r\n');
    expect(ics).toContain('DTSTART:20250602T060000Z\r\nDTEND:20250603T160000Z\r\nSUMMARY:Summit\\, 2025\r\n');
    expect(ics).toContain('URL:https://demo.example/stage\r\n');
  });

  it('gives every session a DESCRIPTION: its subtitle, or the event and the session link when it has none', () => {
    const ics = unfolded(buildCalendar(info, [
      { id: 1, title: 'Keynote', subtitle: 'Opening words', startDate: '2025-06-02T07:00:00Z', endDate: '2025-06-02T08:00:00Z', url: 'https://demo.example/stage?session=1' },
      { id: 2, title: 'Panel', subtitle: '', startDate: '2025-06-02T09:00:00Z', endDate: '2025-06-02T10:00:00Z', url: 'https://demo.example/stage?session=2' },
    ]));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DESCRIPTION:Opening words\r\n');
    expect(ics).toContain('DESCRIPTION:Summit\\, 2025\\nhttps://demo.example/stage?session=2\r\n');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'æ'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('formats stamps as basic UTC date-times', () => {
    expect(utcStamp('2025-12-31T23:59:59.123Z')).toBe('20251231T235959Z');
  });
});
