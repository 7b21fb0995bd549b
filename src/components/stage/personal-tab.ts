import type { StageView } from '~/server/stage/stage.service';
import { renderForRealViewer } from '~/server/http/viewer-template';
import { openTabId, PERSONAL_TABS } from '~/server/stage/stage-tabs';

/**
 * /stage and /webapp are kept for every member (docs/http-cache.md "Pages for members") unless
 * they open on a tab read per viewer: then the real viewer is put back and the page is rendered
 * for them, per request.
 */
export function renderPersonalTabForViewer(locals: App.Locals, view: Pick<StageView, 'tabs' | 'chat'>, url: URL): void {
  const openId = openTabId(view.tabs, view.chat, url.searchParams.get('tab'));
  if (openId && PERSONAL_TABS.has(openId)) renderForRealViewer(locals);
}
