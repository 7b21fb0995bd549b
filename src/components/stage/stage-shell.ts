import { emitPageEvent } from '~/lib/page-events';

/**
 * Show/hide stream and collapse sidebar (docs/product.md §2, §9). The initial state comes from CSS (the
 * stream is hidden by default below 1023 px on the stage), so the buttons read what is shown.
 */
export function bindStageShell(root: HTMLElement): void {
  const stream = root.querySelector<HTMLElement>('#stage-stream');
  const streamToggle = root.querySelector<HTMLButtonElement>('[data-stream-toggle]');
  const sidebarToggle = root.querySelector<HTMLButtonElement>('[data-sidebar-toggle]');

  const label = (button: HTMLButtonElement, expanded: boolean) => {
    button.setAttribute('aria-expanded', String(expanded));
    button.textContent = (expanded ? button.dataset['hide'] : button.dataset['show']) ?? '';
    // Its text is hidden where the header shows icons only: the tooltip says what a tap does.
    button.title = button.textContent;
  };
  const streamShown = () => !!stream && getComputedStyle(stream).display !== 'none';

  if (streamToggle) {
    label(streamToggle, streamShown());
    streamToggle.addEventListener('click', () => {
      root.dataset['stream'] = streamShown() ? 'hidden' : 'shown';
      label(streamToggle, streamShown());
    });
    // Crossing the breakpoint changes the CSS default; keep the button truthful.
    window.matchMedia('(max-width: 1022.98px)').addEventListener('change', () => label(streamToggle, streamShown()));
  }
  // The header's chat button opens the chat tab and brings it into view (on a phone it lies below the stream).
  root.querySelectorAll<HTMLButtonElement>('[data-show-tab]').forEach((button) => button.addEventListener('click', () => {
    if (root.dataset['sidebar'] === 'collapsed' && sidebarToggle) sidebarToggle.click();
    emitPageEvent('show-tab', button.dataset['showTab'] ?? '');
    document.getElementById(button.getAttribute('aria-controls') ?? '')?.scrollIntoView({ block: 'start' });
  }));
  sidebarToggle?.addEventListener('click', () => {
    const collapsed = root.dataset['sidebar'] !== 'collapsed';
    root.dataset['sidebar'] = collapsed ? 'collapsed' : 'expanded';
    label(sidebarToggle, !collapsed);
  });
}
