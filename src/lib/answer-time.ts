import { zonedParts } from './zoned-time';

/** docs/product.md §9 answer times: YYYY-MM-DD HH:mm:ss in the event's time zone. */
export function answerTime(iso: string, timeZone: string): string {
  const p = zonedParts(iso, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `YYYYMMDD-HHmm` in the zone: the stamp in export file names (docs/decisions.md "Exports"). */
export function fileStamp(at: Date, timeZone: string): string {
  const [day, time] = answerTime(at.toISOString(), timeZone).split(' ');
  return `${day!.replace(/-/g, '')}-${time!.slice(0, 5).replace(':', '')}`;
}
