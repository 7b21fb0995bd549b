import { apiPhpHandlers } from '~/server/http/api-php';
import { FORM_BODY, route } from '~/server/http/route-rules';
import { DomainError } from '~/server/errors';
import { clientAddressOf } from '~/server/http/client';
import type { RouteCall } from '~/server/http/route-rules';

/** The legacy /{eventId}/api.php calls of docs/product.md §7, dispatched on the module and method query. */
function dispatch(context: RouteCall<'login'>): Promise<Response> {
  const { event, request, url, locals } = context;
  const name = `${url.searchParams.get('module') ?? ''}.${url.searchParams.get('method') ?? ''}`;
  const entry = Object.hasOwn(apiPhpHandlers, name) ? apiPhpHandlers[name] : undefined;
  if (!entry) throw new DomainError('api.not_found', 'Unknown module or method', { field: 'method' });
  const handler = entry[request.method as 'GET' | 'POST'];
  if (!handler) throw new DomainError('api.method_not_allowed', `Use ${Object.keys(entry).join(' or ')}`);
  return handler({ event, query: url.searchParams, request, locals, clientAddress: clientAddressOf(context) });
}

export const GET = route({
  method: 'GET', path: '/:eventId/api.php', who: 'login', sideEffects: false, cache: 'private',
  handle: dispatch,
});
export const POST = route({
  method: 'POST', path: '/:eventId/api.php', who: 'login', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  handle: dispatch,
});
