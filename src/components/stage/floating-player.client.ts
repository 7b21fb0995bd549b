/**
 * The player stays in reach on a page that scrolls (a phone, the web app): once its place has
 * scrolled under the header, it floats small in a corner above the tab bar, with a button that
 * closes it (the video pauses and goes back to its place) until the attendee scrolls back to it.
 * The wide stage never floats it: there the tabs scroll inside the sidebar (docs/stage.md).
 */
export function bindFloatingPlayer(root: HTMLElement): void {
  const area = root.querySelector<HTMLElement>('#stage-stream');
  const header = root.querySelector<HTMLElement>('.stage-header');
  const close = root.querySelector<HTMLButtonElement>('[data-float-close]');
  if (!area || !header || !close) return;

  let isClosed = false;
  const update = () => {
    const place = area.querySelector<HTMLElement>('.stream');
    const shown = !!place && getComputedStyle(area).display !== 'none';
    // The player's own place: the top of its area and a 16:9 picture of the area's width.
    const box = area.getBoundingClientRect();
    const isAbove = box.top + (box.width * 9) / 16 < header.getBoundingClientRect().bottom;
    if (!isAbove) isClosed = false;
    const floats = shown && isAbove && !isClosed;
    if (floats === (root.dataset['floating'] === 'true')) return;
    root.dataset['floating'] = String(floats);
    close.hidden = !floats;
  };
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; update(); });
  };
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule, { passive: true });
  root.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-stream-toggle]')) schedule();
  });
  close.addEventListener('click', () => {
    isClosed = true;
    area.querySelectorAll('video').forEach((video) => video.pause());
    update();
  });
  update();
}
