import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { PUBLIC_ICON } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { parseIconFileName } from '~/server/pwa/icon-render';
import type { RouteHandler } from '~/server/http/route-context';
import { bytesAnswer } from '~/server/http/answer-bytes';

/**
 * The manifest's icons (any-192.png, any-512.png, maskable-192.png, maskable-512.png), public
 * like the manifest: drawn once per event version, then answered from memory or with a 304.
 */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context, { isStrictPath: true });
  const variant = parseIconFileName(context.params['icon']);
  if (!variant) throw new DomainError('icon.not_found', 'No such icon: any-192.png, any-512.png, maskable-192.png or maskable-512.png');
  const icon = await app().pwaIcons.icon(event, variant);
  const headers = { etag: icon.etag, ...PUBLIC_ICON };
  if (context.request.headers.get('if-none-match') === icon.etag) return new Response(null, { status: 304, headers });
  return bytesAnswer(icon.png, { headers: { 'content-type': 'image/png', 'content-length': String(icon.png.length), ...headers } });
});
