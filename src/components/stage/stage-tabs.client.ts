import { emitPageEvent, onPageEvent } from '~/lib/page-events';
import { bindMoreMenu } from './tab-more.client';

/**
 * WAI-ARIA tabs over server-rendered panels: click or Enter selects, arrow keys move and select,
 * Home/End jump. A panel with data-src is fetched the first time it is selected (its islands then
 * hydrate as they would in the page). Selecting raises the page event `tab-change`; `show-tab` opens a tab
 * (see ~/contracts/page-events). `?tab=<id>` opens that tab on arrival (the lobby's
 * participants and agenda links).
 */
export function bindTabs(root: HTMLElement): void {
  const tabs = Array.from(root.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const panels = Array.from(root.querySelectorAll<HTMLElement>('[role="tabpanel"]'));
  const chosenId = () => tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')?.dataset['tab'] ?? '';
  const more = bindMoreMenu(root, chosenId, (id) => show(id, true));

  function select(tab: HTMLButtonElement, focus: boolean): void {
    for (const other of tabs) {
      const active = other === tab;
      other.setAttribute('aria-selected', String(active));
      other.tabIndex = active ? 0 : -1;
    }
    for (const panel of panels) {
      panel.hidden = panel.id !== tab.getAttribute('aria-controls');
      if (!panel.hidden) void loadPanel(panel, root.dataset['failed'] ?? '');
    }
    more?.arrange();
    revealInRow(tab);
    if (focus) tab.focus({ preventScroll: true });
    emitPageEvent('tab-change', tab.dataset['tab'] ?? '', root);
  }

  root.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
    if (tab) select(tab, false);
  });
  root.addEventListener('keydown', (event) => {
    // Arrow keys move among the tabs in the row; the ones under "More" are reached through its menu.
    const inRow = tabs.filter((tab) => !tab.hidden);
    const index = inRow.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const last = inRow.length - 1;
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = inRow[next < 0 ? last : next > last ? 0 : next];
    if (target) select(target, true);
  });
  function show(id: string | null, focus = false): void {
    const tab = tabs.find((candidate) => candidate.dataset['tab'] === id);
    if (tab) select(tab, focus);
  }
  onPageEvent('show-tab', (id) => show(id));
  show(new URLSearchParams(location.search).get('tab'));
  // Tabs change width while styles and fonts arrive: keep the chosen one in its row until they settle.
  const chosen = () => tabs.find((tab) => tab.getAttribute('aria-selected') === 'true');
  const keepChosenInView = new ResizeObserver(() => { const tab = chosen(); if (tab) revealInRow(tab); });
  tabs.forEach((tab) => keepChosenInView.observe(tab));
  addEventListener('load', () => setTimeout(() => keepChosenInView.disconnect(), 1000), { once: true });
}

/** Scrolls the one-row tab bar sideways (never the page) so the whole tab shows. */
function revealInRow(tab: HTMLElement): void {
  const row = tab.parentElement;
  if (!row) return;
  const bounds = row.getBoundingClientRect();
  const own = tab.getBoundingClientRect();
  // Room for the edge shadow, so the tab is not drawn under it.
  const margin = 24;
  if (own.left < bounds.left + margin) row.scrollLeft -= bounds.left + margin - own.left;
  else if (own.right > bounds.right - margin) row.scrollLeft += own.right - (bounds.right - margin);
}

/** Fills a panel from its data-src once (the page's query goes along: ?day=&session= preset the agenda); on failure it says so and tries again on the next selection. */
async function loadPanel(panel: HTMLElement, failed: string): Promise<void> {
  const src = panel.dataset['src'];
  if (!src) return;
  delete panel.dataset['src'];
  try {
    const response = await fetch(`${src}${location.search}`, { headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`panel ${src}: ${response.status}`);
    panel.innerHTML = await response.text();
  } catch {
    panel.dataset['src'] = src;
    const note = panel.querySelector('[role="status"]');
    if (note) {
      note.removeAttribute('aria-busy');
      note.textContent = failed;
    }
  }
}
