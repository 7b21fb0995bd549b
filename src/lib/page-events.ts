import type { PageEventName, PageEvents } from '~/contracts/page-events';

const eventType = (name: PageEventName) => `ep:${name}`;

/** Raises a page event from `from` (default window); it bubbles, so window hears it either way. */
export function emitPageEvent<N extends PageEventName>(name: N, detail: PageEvents[N], from: EventTarget = window): void {
  from.dispatchEvent(new CustomEvent(eventType(name), { bubbles: true, detail }));
}

/** Listens to a page event on window; returns the function that stops listening. */
export function onPageEvent<N extends PageEventName>(name: N, listener: (detail: PageEvents[N]) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<PageEvents[N]>).detail);
  window.addEventListener(eventType(name), handler);
  return () => window.removeEventListener(eventType(name), handler);
}
