/**
 * The organiser console's areas (docs/console.md): the live show, and the pages where an event
 * is prepared. Each is a page of its own under /console, reached from the bar every console page
 * shows; `label` is its key under `console.areas` in locales/.
 */
export const CONSOLE_AREAS = [
  { path: '/console', label: 'live' },
  { path: '/console/polls', label: 'polls' },
  { path: '/console/agenda', label: 'agenda' },
  { path: '/console/speakers', label: 'speakers' },
  { path: '/console/sponsors', label: 'sponsors' },
  { path: '/console/people', label: 'people' },
  { path: '/console/content', label: 'content' },
  { path: '/console/settings', label: 'settings' },
] as const;

export type ConsoleArea = (typeof CONSOLE_AREAS)[number]['path'];
