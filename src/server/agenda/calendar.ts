/**
 * An iCalendar file (RFC 5545) of sessions. Times are written in UTC (`DTSTART:…Z`), which
 * every calendar shows in its owner's zone; X-WR-TIMEZONE names the event's zone for the
 * calendars that group by it. Lines end in CRLF and are folded at 75 octets. RFC 5545 wants at
 * least one component, so a program with no sessions is the event's own days instead.
 */
export interface CalendarSession {
  id: number;
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
  /** The event's own days and page: the one entry when no session is given. */
  event: { startDate: string; endDate: string; url: string };
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

interface CalendarEntry { uid: string; title: string; description: string; startDate: string; endDate: string; url: string }

/** Every entry gets a DESCRIPTION (calendars show it as the notes): its subtitle, or where it is. */
function entriesOf(info: CalendarInfo, sessions: readonly CalendarSession[]): CalendarEntry[] {
  if (sessions.length === 0) {
    return [{ uid: `event@${info.uidDomain}`, title: info.name, description: `${info.name}\n${info.event.url}`, ...info.event }];
  }
  return sessions.map((session) => {
    const url = session.url ?? info.event.url;
    return {
      uid: `session-${session.id}@${info.uidDomain}`, title: session.title, startDate: session.startDate, endDate: session.endDate, url,
      description: session.subtitle ? session.subtitle : `${info.name}\n${url}`,
    };
  });
}

export function buildCalendar(info: CalendarInfo, sessions: readonly CalendarSession[]): string {
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Eventplatform//My program//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(info.name)}`, `X-WR-TIMEZONE:${escapeText(info.timeZone)}`,
  ];
  const stamp = utcStamp(info.now);
  for (const entry of entriesOf(info, sessions)) {
    lines.push('BEGIN:VEVENT', `UID:${entry.uid}`, `DTSTAMP:${stamp}`, `DTSTART:${utcStamp(entry.startDate)}`,
      `DTEND:${utcStamp(entry.endDate)}`, `SUMMARY:${escapeText(entry.title)}`, `DESCRIPTION:${escapeText(entry.description)}`,
      `URL:${entry.url}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
