/** SPEC §9 answer times: YYYY-MM-DD HH:mm:ss in the event's time zone. */
export function answerTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** `YYYYMMDD-HHmm` in the zone: the stamp in export file names (PRODUCT-DECISIONS "Exports"). */
export function fileStamp(at: Date, timeZone: string): string {
  const [day, time] = answerTime(at.toISOString(), timeZone).split(' ');
  return `${day!.replace(/-/g, '')}-${time!.slice(0, 5).replace(':', '')}`;
}
