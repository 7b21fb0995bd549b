import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { resolveAsset } from '~/server/shared/asset-store';
import { RECORDING_COOKIE, signingKey, verifyRecordingCookie } from '~/server/assets/recording-cookie';
import { config } from '~/server/config';
import { DomainError } from '~/server/errors';
import { IMMUTABLE, PRIVATE_SHORT } from '~/server/http/cache-headers';
import { route } from '~/server/http/route-rules';

const notFound = () => new DomainError('asset.not_found', 'No such file');

/**
 * docs/product.md §7 asset endpoint: this event's uploads (public, random names) and recordings (signed
 * cookie or a signed-in user). Unknown roots, other events and traversal are all a 404.
 */
export const GET = route({
  method: 'GET', path: '/api/asset/:path{.+}', who: 'anyone', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    const asset = resolveAsset(config().dataDir, context.params['path'] ?? '', event.eventId);
    if (!asset) throw notFound();
    if (asset.root === 'recordings' && !user) {
      const ok = verifyRecordingCookie(signingKey(config().dataDir), context.cookies.get(RECORDING_COOKIE)?.value, event.eventId, Date.now() / 1000);
      if (!ok) throw new DomainError('auth.unauthorized', 'Log in again');
    }
    const info = await stat(asset.file).catch(() => undefined);
    if (!info?.isFile()) throw notFound();
    const body = Readable.toWeb(createReadStream(asset.file)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        'content-type': asset.contentType,
        'content-length': String(info.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        ...(asset.root === 'uploads' ? IMMUTABLE : PRIVATE_SHORT),
      },
    });
  },
});
