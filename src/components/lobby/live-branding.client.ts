import type { EventInfo } from '~/contracts/event-info';
import { apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';
import { brandingCss, readableButtonsCss } from '~/lib/branding';

/**
 * Keeps the page's branding in step with the event (docs/console.md "Settings"): on `event-change`
 * and after a reconnect it reads the event info again and rewrites the `<style>` the server
 * rendered, so colours and the background an organiser changes show without a reload.
 */
export function bindLiveBranding(style: HTMLStyleElement): void {
  const read = rereader(async () => {
    const info = await apiJson<EventInfo>('/api/liveEvent/getEventInfo').catch(() => null);
    if (!info) return;
    const css = brandingCss(info.branding) + readableButtonsCss(info.branding);
    if (style.textContent !== css) style.textContent = css;
  });
  onRealtime('event-change', read);
  onReconnect(read);
}
