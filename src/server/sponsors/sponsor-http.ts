import type { APIContext } from 'astro';
import type { AuthUser } from '~/contracts/auth';
import { platformForPath, PlatformQuerySchema } from '~/contracts/content';
import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';
import { DomainError } from '~/server/errors';
import { parseQuery, pathEvent } from '~/server/http/public-api';
import { requireUser } from '~/server/http/require';

/** The signed-in attendee (401 first) and the path's event, which must be the host's (403, else 404). */
export async function memberCall(context: APIContext): Promise<{ event: EventInfo; user: AuthUser }> {
  const user = requireUser(context.locals);
  return { event: await pathEvent(context), user };
}

/** A numeric path parameter; anything else is a 400 naming it. */
export function idParam(context: APIContext, name = 'id'): number {
  const value = context.params[name] ?? '';
  if (!/^\d{1,9}$/.test(value)) throw new DomainError('request.invalid', `${name}: must be a numeric id`, { field: name });
  return Number(value);
}

/**
 * The platform a list is for (SPEC §3): the `platform` query parameter, else the calling
 * page's path (a path containing webapp selects webApp).
 */
export function platformOf(context: APIContext): Platform {
  const { platform } = parseQuery(PlatformQuerySchema, context.url);
  if (context.url.searchParams.has('platform')) return platform;
  const referrer = context.request.headers.get('referer');
  try {
    return referrer ? platformForPath(new URL(referrer).pathname) : 'digital';
  } catch {
    return 'digital';
  }
}

export const PRIVATE = { 'cache-control': 'private, no-store' } as const;
