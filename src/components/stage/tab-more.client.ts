import { tabsInRow } from '~/lib/tab-row';

export interface MoreMenu {
  /** Puts as many tabs in the row as fit (at most MAX_TABS_IN_ROW, the open one always) and the rest under "More". */
  arrange(): void;
}

/**
 * "More" beside the tab row: a menu button (WAI-ARIA menu button) listing the tabs the row has
 * no room for. Arrow keys move in the menu, Enter or a click opens the tab, Escape closes and
 * returns to the button. The row is measured again when it changes width (docs/stage.md "Tabs").
 */
export function bindMoreMenu(root: HTMLElement, openId: () => string, choose: (id: string) => void): MoreMenu | undefined {
  const row = root.querySelector<HTMLElement>('[role="tablist"]');
  const box = root.querySelector<HTMLElement>('[data-tab-more]');
  const button = root.querySelector<HTMLButtonElement>('[data-tab-more-button]');
  const menu = root.querySelector<HTMLElement>('[role="menu"]');
  if (!row || !box || !button || !menu) return undefined;
  const tabs = Array.from(row.querySelectorAll<HTMLElement>('[role="tab"]'));
  const ids = tabs.map((tab) => tab.dataset['tab'] ?? '');
  const items = Array.from(menu.querySelectorAll<HTMLElement>('[data-more-item]'));
  const choices = () => items.filter((item) => !item.hidden).map((item) => item.querySelector<HTMLButtonElement>('[role="menuitem"]')!);

  const apply = (shown: readonly string[]) => {
    tabs.forEach((tab, index) => { tab.hidden = !shown.includes(ids[index]!); });
    items.forEach((item) => { item.hidden = shown.includes(item.dataset['moreItem'] ?? ''); });
    box.hidden = shown.length === ids.length;
    paintDot();
  };
  // A dot on "More" while unread chat messages wait under it.
  const dot = button.querySelector<HTMLElement>('[data-more-unread]');
  const paintDot = () => {
    if (dot) dot.hidden = !items.some((item) => !item.hidden && item.querySelector('[data-chat-unread]:not([hidden])'));
  };
  const arrange = () => {
    apply(tabsInRow(ids, openId(), (shown, hasMore) => {
      apply(hasMore ? shown : ids);
      return row.scrollWidth <= row.clientWidth + 1;
    }));
  };

  const close = (focusButton: boolean) => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (focusButton) button.focus();
  };
  const open = (at: 'first' | 'last') => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const list = choices();
    (at === 'first' ? list[0] : list.at(-1))?.focus();
  };
  button.addEventListener('click', () => (menu.hidden ? open('first') : close(false)));
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowDown' ? 'first' : 'last');
  });
  menu.addEventListener('click', (event) => {
    const choice = (event.target as Element).closest<HTMLElement>('[data-tab-choice]');
    if (!choice) return;
    close(false);
    choose(choice.dataset['tabChoice'] ?? '');
  });
  menu.addEventListener('keydown', (event) => {
    const list = choices();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const last = list.length - 1;
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    if (next === undefined) return;
    event.preventDefault();
    list[next < 0 ? last : next > last ? 0 : next]?.focus();
  });
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !box.contains(event.target as Node)) close(false);
  });
  const badges = new MutationObserver(paintDot);
  menu.querySelectorAll('[data-chat-unread]').forEach((badge) => badges.observe(badge, { attributeFilter: ['hidden'] }));
  new ResizeObserver(arrange).observe(row.parentElement ?? row);
  arrange();
  root.dataset['arranged'] = '';
  return { arrange };
}
