import { $realtimeStatus } from '~/islands/realtime/realtime.store';

/** Quick reconnects (a heartbeat retry) pass without a notice; longer gaps show one. */
const SHOW_AFTER_MS = 1000;
/** How long "reconnected" stays before the notice goes away. */
const BACK_FOR_MS = 4000;

/**
 * Shows "reconnecting" once a socket that was open has been down for SHOW_AFTER_MS, and
 * "reconnected" for a moment when it is open again. Never at the first connect.
 */
export function bindReconnectNotice(region: HTMLElement): void {
  const text = region.querySelector<HTMLElement>('[data-reconnect-text]');
  if (!text) return;
  let wasOpen = false;
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (message: string | undefined) => {
    text.textContent = message ?? '';
    text.hidden = message === undefined;
  };
  $realtimeStatus.subscribe((status) => {
    clearTimeout(timer);
    if (status === 'open') {
      if (shown) {
        say(region.dataset['reconnected']);
        timer = setTimeout(() => say(undefined), BACK_FOR_MS);
      }
      shown = false;
      wasOpen = true;
    } else if (status === 'connecting' && wasOpen) {
      timer = setTimeout(() => {
        shown = true;
        say(region.dataset['reconnecting']);
      }, SHOW_AFTER_MS);
    } else if (status === 'closed') {
      shown = false;
      say(undefined);
    }
  });
}
