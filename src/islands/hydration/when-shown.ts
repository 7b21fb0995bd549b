/**
 * Hydrates an island the first time it shows: the entries of a menu that opens on a click (the
 * avatar menu), so a page whose menu stays closed never runs them. An island is
 * `display: contents`, so what it rendered is watched, or its parent when it rendered nothing yet
 * (the viewer's name). The entries are server-rendered buttons: one pressed before its handler
 * is there (a quick click or Enter as the menu opens) starts the hydration at once and is pressed
 * again once the island has hydrated, so nothing the viewer did is lost.
 */
export function hydrateWhenShown(hydrate: () => Promise<void>, el: HTMLElement): void {
  let started: Promise<void> | undefined;
  let pressed: HTMLElement | undefined;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) void start();
  });
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    pressed = button;
    void start();
  };
  function start(): Promise<void> {
    started ??= (async () => {
      observer.disconnect();
      await hydrate();
      el.removeEventListener('click', onClick);
      // The hydrated island keeps the server's elements, so the same button gets its handler.
      if (pressed?.isConnected) pressed.click();
    })();
    return started;
  }
  el.addEventListener('click', onClick);
  const watched = el.children.length > 0 ? [...el.children] : [el.parentElement ?? el];
  for (const target of watched) observer.observe(target);
}
