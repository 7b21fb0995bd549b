import type { EventInfo } from '~/contracts/event-info';
import { translator } from '~/lib/i18n';
import { wallClockAt, wallTimeToUtc } from '~/lib/zoned-time';
import type { SendMail } from '~/server/delivery/delivery.service';
import { buildCalendar, type CalendarSession } from '~/server/shared/calendar';

type MailMessage = Parameters<SendMail>[0];
type MailAttachment = NonNullable<MailMessage['attachments']>[number];

export type MailEvent = Pick<EventInfo, 'eventId' | 'eventSlug' | 'eventName' | 'locale' | 'timeZone' | 'startDate' | 'endDate'>;

/**
 * The event's days as calendar entries: one per day in the event's zone, from the start's
 * wall time to the end's (a two-day conference is two entries, not one running overnight).
 */
export function eventDays(event: MailEvent): CalendarSession[] {
  const zone = event.timeZone;
  const [first, last] = [Date.parse(event.startDate), Date.parse(event.endDate)];
  const start = wallClockAt(first, zone);
  const end = wallClockAt(last, zone);
  const lastDay = Date.UTC(end.year, end.month - 1, end.day);
  const days: CalendarSession[] = [];
  for (let i = 0; i < 31; i += 1) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    if (day.getTime() > lastDay) break;
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const from = i === 0 ? first : wallTimeToUtc(y, m, d, start.hour, start.minute, zone);
    let to = day.getTime() === lastDay ? last : wallTimeToUtc(y, m, d, end.hour, end.minute, zone);
    if (to <= from) to = from + 3_600_000;
    days.push({ id: i + 1, uid: `event-${event.eventId}-day-${i + 1}`, title: event.eventName, startDate: new Date(from).toISOString(), endDate: new Date(to).toISOString() });
  }
  return days;
}

export function eventCalendar(event: MailEvent, origin: string, now: Date): MailAttachment {
  const content = buildCalendar(
    {
      uidDomain: `${event.eventSlug}.eventplatform`, name: event.eventName, timeZone: event.timeZone, now,
      event: { startDate: event.startDate, endDate: event.endDate, url: `${origin}/login` },
    },
    eventDays(event).map((day) => ({ ...day, url: `${origin}/login` })),
  );
  return { filename: `${event.eventSlug}.ics`, content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}

/** The ticket's QR (error level H, like the ticket page) as a PNG; loaded on the first mail. */
export async function ticketQr(ticketKey: string): Promise<MailAttachment> {
  const { default: QRCode } = await import('qrcode');
  const content = await QRCode.toBuffer(ticketKey, { type: 'png', errorCorrectionLevel: 'H', margin: 2, width: 300 });
  return { filename: 'ticket.png', content, contentType: 'image/png' };
}

export type RegistrationMailKind = 'confirmed' | 'movedUp' | 'waiting' | 'hasAccount' | 'alreadyWaiting' | 'waitingCancelled';

/** A registration mail from the `registration.mail.<kind>` texts in the event's language. */
export function registrationMail(event: MailEvent, kind: RegistrationMailKind, to: string, values: Record<string, string>, attachments?: MailAttachment[]): MailMessage {
  const t = translator(event.locale);
  const all = { event: event.eventName, ...values };
  return {
    to, kind: `registration-${kind}`, ...(attachments ? { attachments } : {}),
    subject: t(`registration.mail.${kind}.subject`, all),
    text: `${t(`registration.mail.${kind}.body`, all)}\n\n${t('mail.signature', all)}\n`,
  };
}
