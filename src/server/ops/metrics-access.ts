import { bearerToken } from '~/server/shared/bearer';
import { sameSecret } from '~/server/shared/secrets';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * Who may read /metrics: a request with `Authorization: Bearer <METRICS_TOKEN>` when a token is
 * set, or a direct scrape from loopback. A request that came through a proxy (it carries
 * X-Forwarded-For or Forwarded) is not a local scrape even though the proxy connects from
 * 127.0.0.1, so nginx on the same host never opens the metrics to the Internet.
 */
export function metricsAccess(request: Request, clientAddress: string | undefined, token: string | undefined): 'allowed' | 'unauthorized' | 'forbidden' {
  const presented = bearerToken(request.headers.get('authorization'));
  if (token && presented !== undefined && sameSecret(presented, token)) return 'allowed';
  const proxied = request.headers.has('x-forwarded-for') || request.headers.has('forwarded');
  if (!proxied && isLoopback(clientAddress) && presented === undefined) return 'allowed';
  return token ? 'unauthorized' : 'forbidden';
}
