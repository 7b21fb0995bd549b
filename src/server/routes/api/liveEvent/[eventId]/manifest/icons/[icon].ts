import { PUBLIC_ICON } from '~/server/http/cache-headers';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { parseIconFileName } from '~/server/pwa/icon-render';
import { bytesAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * The manifest's icons (any-192.png, any-512.png, maskable-192.png, maskable-512.png), public
 * like the manifest: drawn once per event version, then answered from memory or with a 304.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/manifest/icons/:icon', eventInPath: 'strict', who: 'anyone', sideEffects: false, cache: 'visitor',
  handle: async (context) => {
    const { event } = context;
    const variant = parseIconFileName(context.params['icon']);
    if (!variant) throw new DomainError('icon.not_found', 'No such icon: any-192.png, any-512.png, maskable-192.png or maskable-512.png');
    const icon = await app().pwaIcons.icon(event, variant);
    const headers = { etag: icon.etag, ...PUBLIC_ICON };
    if (context.request.headers.get('if-none-match') === icon.etag) return new Response(null, { status: 304, headers });
    return bytesAnswer(icon.png, { headers: { 'content-type': 'image/png', 'content-length': String(icon.png.length), ...headers } });
  },
});
