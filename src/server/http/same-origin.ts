import { DomainError } from '~/server/errors';

/**
 * Refuses a write another site's page made a browser send (a public form needs no cookie, so
 * the auth guard's Origin check does not cover it). Browsers send Origin on cross-origin POSTs
 * and Sec-Fetch-Site on all; API clients send neither and pass.
 */
export function refuseCrossSite(request: Request, url: URL): void {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if ((origin !== null && origin !== url.origin) || site === 'cross-site' || site === 'same-site') {
    throw new DomainError('request.forbidden', 'Cross-site request refused');
  }
}
