import dayjs from 'dayjs';
import '~/lib/dates';
import type { EventInfo } from '~/contracts/event-info';
import { translator } from '~/lib/i18n';
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
  const start = dayjs(event.startDate).tz(event.timeZone);
  const end = dayjs(event.endDate).tz(event.timeZone);
  const days: CalendarSession[] = [];
  for (let day = start.startOf('day'), i = 0; !day.isAfter(end, 'day') && i < 31; day = day.add(1, 'day'), i += 1) {
    const from = day.isSame(start, 'day') ? start : day.hour(start.hour()).minute(start.minute());
    let to = day.isSame(end, 'day') ? end : day.hour(end.hour()).minute(end.minute());
    if (!to.isAfter(from)) to = from.add(1, 'hour');
    days.push({ id: i + 1, uid: `event-${event.eventId}-day-${i + 1}`, title: event.eventName, startDate: from.toISOString(), endDate: to.toISOString() });
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
