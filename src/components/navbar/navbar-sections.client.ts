/**
 * The lobby's section links (docs/product.md §2 sections nav) on one row: on a wide screen the links that do not fit move, from the
 * end, into a "More" menu at the row's end (so none is cut off, whatever the labels' language);
 * on a phone every link sits behind the "Menu" disclosure. Both menus close on Escape (focus back
 * on their button), on a chosen link and on a click elsewhere.
 */
const PHONE = '(max-width: 768px)';

export function bindSections(nav: HTMLElement): void {
  const list = nav.querySelector<HTMLElement>('.section-list');
  const more = nav.querySelector<HTMLElement>('[data-nav-more]');
  const toggles = Array.from(nav.querySelectorAll<HTMLButtonElement>('button[aria-expanded]'));
  if (!list || !more) return;
  const items = Array.from(list.children) as HTMLElement[];
  const copies = Array.from(more.querySelectorAll<HTMLElement>('li'));
  const phone = window.matchMedia(PHONE);

  function fit(): void {
    items.forEach((item) => { item.hidden = false; });
    copies.forEach((copy) => { copy.hidden = true; });
    more!.hidden = true;
    if (phone.matches || list!.scrollWidth <= list!.clientWidth) return;
    more!.hidden = false;
    for (let i = items.length - 1; i >= 0 && list!.scrollWidth > list!.clientWidth; i -= 1) {
      items[i]!.hidden = true;
      copies[i]!.hidden = false;
    }
  }

  const close = (): void => { toggles.forEach((toggle) => toggle.setAttribute('aria-expanded', 'false')); };
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      const isOpen = toggle.getAttribute('aria-expanded') === 'true';
      close();
      toggle.setAttribute('aria-expanded', String(!isOpen));
    });
  }
  nav.addEventListener('click', (event) => { if ((event.target as Element).closest('a')) close(); });
  nav.addEventListener('keydown', (event) => {
    const open = toggles.find((toggle) => toggle.getAttribute('aria-expanded') === 'true');
    if (event.key !== 'Escape' || !open) return;
    close();
    open.focus();
  });
  document.addEventListener('click', (event) => { if (!nav.contains(event.target as Node)) close(); });

  // The row's room changes with the window, the fonts' arrival and the chat button's hydration.
  new ResizeObserver(() => { close(); fit(); }).observe(nav);
  void document.fonts.ready.then(fit);
}
