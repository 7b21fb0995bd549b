/** The city of an IANA zone, as people name the time there: "Europe/Oslo" → "Oslo", "America/New_York" → "New York". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/**
 * Whether the clock in `timeZone` reads differently from the viewer's at `at`: only then do
 * listed times need the zone's name (a zone with another name but the same time does not).
 */
export function isOtherClock(timeZone: string, viewerZone: string, at: Date = new Date()): boolean {
  const clock = (zone: string) => at.toLocaleString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', day: '2-digit' });
  try {
    return clock(timeZone) !== clock(viewerZone);
  } catch {
    return false;
  }
}
