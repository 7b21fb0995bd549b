import type { EventInfo } from '~/contracts/event-info';
import { loginApiPhpHandlers } from '~/server/login/login.api-php';
import { timelineApiPhpHandlers } from '~/server/timeline/timeline.api-php';

/** What a legacy `api.php` handler gets: the host's event (already matched to the path) and the request. */
export interface ApiPhpContext {
  event: EventInfo;
  query: URLSearchParams;
  request: Request;
  locals: App.Locals;
  clientAddress: string;
}

export type ApiPhpHandler = (context: ApiPhpContext) => Promise<Response>;

/** Handlers by `module.method`, each for the HTTP methods it answers. */
export type ApiPhpHandlers = Record<string, Partial<Record<'GET' | 'POST', ApiPhpHandler>>>;

/**
 * docs/product.md §7 calls that live at /{eventId}/api.php?module=..&method=.. . A feature adds its
 * handlers by spreading its own map here (e.g. the timeline's `timeline.deleteEntry`).
 */
export const apiPhpHandlers: ApiPhpHandlers = {
  ...loginApiPhpHandlers,
  ...timelineApiPhpHandlers,
};
