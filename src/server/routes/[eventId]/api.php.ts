import { apiPhpHandlers } from '~/server/http/api-php';
import { DomainError } from '~/server/errors';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** The legacy /{eventId}/api.php calls of SPEC §7, dispatched on the module and method query. */
const dispatch: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const { request, url, locals } = context;
  const name = `${url.searchParams.get('module') ?? ''}.${url.searchParams.get('method') ?? ''}`;
  const entry = Object.hasOwn(apiPhpHandlers, name) ? apiPhpHandlers[name] : undefined;
  if (!entry) throw new DomainError('api.not_found', 'Unknown module or method', { field: 'method' });
  const handler = entry[request.method as 'GET' | 'POST'];
  if (!handler) throw new DomainError('api.method_not_allowed', `Use ${Object.keys(entry).join(' or ')}`);
  return handler({ event, query: url.searchParams, request, locals, clientAddress: clientAddressOf(context) });
});

export const GET = dispatch;
export const POST = dispatch;
