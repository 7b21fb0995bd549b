import type { CacheHeader } from '~/server/http/cache-headers';

export function manifestResponse(body: unknown, cache: CacheHeader): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', ...cache },
  });
}
