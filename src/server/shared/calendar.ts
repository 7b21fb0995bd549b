/**
 * An iCalendar file (RFC 5545) of sessions. Times are written in UTC (`DTSTART:…Z`), which
 * every calendar shows in its owner's zone; X-WR-TIMEZONE names the event's zone for the
 * calendars that group by it. Lines end in CRLF and are folded at 75 octets.
 */
export interface CalendarSession {
  id: number;
  /** The UID's local part; default `session-{id}`. */
  uid?: string;
  title: string;
  subtitle?: string | null;
  startDate: string;
  endDate: string;
  url?: string;
}

export interface CalendarInfo {
  /** Stable across downloads so a re-import updates events instead of duplicating them. */
  uidDomain: string;
  name: string;
  timeZone: string;
  now: Date;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 2025-06-02T07:00:00.000Z → 20250602T070000Z */
export function utcStamp(iso: string | Date): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function buildCalendar(info: CalendarInfo, sessions: readonly CalendarSession[]): string {
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Eventplatform//My program//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(info.name)}`, `X-WR-TIMEZONE:${escapeText(info.timeZone)}`,
  ];
  const stamp = utcStamp(info.now);
  for (const session of sessions) {
    lines.push('BEGIN:VEVENT', `UID:${session.uid ?? `session-${session.id}`}@${info.uidDomain}`, `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(session.startDate)}`, `DTEND:${utcStamp(session.endDate)}`, `SUMMARY:${escapeText(session.title)}`);
    if (session.subtitle) lines.push(`DESCRIPTION:${escapeText(session.subtitle)}`);
    if (session.url) lines.push(`URL:${session.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
