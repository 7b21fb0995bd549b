import { app } from '~/server/app';
import { config } from '~/server/config';
import { DomainError } from '~/server/errors';
import { addressKey } from '~/server/shared/address-key';
import { ADMIN_COOKIE, requireAdminToken } from './admin-token';
import { clientAddressOf, isSameOriginRequest } from './client';
import type { RouteContext } from './route-context';
import type { RouteDeclaration } from './route-rules';

/**
 * An admin call's proof (docs/operations.md "The operator's page"): the bearer token or the
 * /admin page's cookie. Wrong tokens are counted per address (`adminLogins`: 10 free, then a
 * growing wait up to 5 minutes, 429 with Retry-After meanwhile); a cookie-carried write must come
 * from the platform's own page (403 otherwise), as SameSite=Strict already asks of browsers.
 */
export async function admitAdmin(rules: RouteDeclaration, context: RouteContext): Promise<void> {
  const address = addressKey(clientAddressOf(context));
  const limiter = app().adminLogins;
  const wait = await limiter.retryAfter(address);
  if (wait > 0) throw new DomainError('admin.rate_limited', `Too many wrong admin tokens from this address: try again in ${wait} seconds`, { retryAfter: wait });
  let proof;
  try {
    proof = requireAdminToken(context.request, config().adminToken, context.cookies.get(ADMIN_COOKIE)?.value);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'admin.unauthorized') await limiter.fail(address);
    throw error;
  }
  if (proof === 'cookie' && rules.sideEffects && !isSameOriginRequest(context.request, context.url)) {
    throw new DomainError('admin.cross_site', 'Cross-site request refused: use the /admin page or a Bearer token');
  }
}
