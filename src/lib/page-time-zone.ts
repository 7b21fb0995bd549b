/** The event's zone as the page states it (`<html data-time-zone>`, set by the layouts); UTC outside a page. */
export function pageTimeZone(): string {
  return (typeof document !== 'undefined' && document.documentElement.dataset['timeZone']) || 'UTC';
}
