/*
 * Wall-clock parts of an instant in an IANA zone through Intl, with one DateTimeFormat per zone
 * kept for the life of the process: building a formatter is the expensive part (dayjs's tz
 * plugin built and parsed one per call, a fifth of the agenda's time, issue 12). Formatting
 * with a cached one is cheap and follows the zone's DST rules from the runtime's ICU data.
 */

export interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    // hourCycle h23: midnight is 00, never 24 (hour12: false gives "24" in some runtimes).
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Year, month, day, hour and minute (zero-padded) of an instant as a clock in `zone` shows it. */
export function zonedParts(instant: string | number | Date, zone: string): ZonedParts {
  const parts: ZonedParts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type in parts) parts[part.type as keyof ZonedParts] = part.value;
  }
  return parts;
}
