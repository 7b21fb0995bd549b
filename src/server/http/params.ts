import type * as v from 'valibot';
import type { AuthUser } from '~/contracts/login';
import { platformForPath, PlatformQuerySchema } from '~/contracts/content';
import type { Platform } from '~/contracts/event-settings';
import { DomainError } from '~/server/errors';
import type { CallContext } from './request-context';
import { parseInput } from './respond';

/** A numeric path parameter; anything else is a 400 naming it. */
export function idParam(context: Pick<CallContext, 'params'>, name = 'id'): number {
  const value = context.params[name] ?? '';
  if (!/^\d{1,9}$/.test(value)) throw new DomainError('request.invalid', `${name}: must be a numeric id`, { field: name });
  return Number(value);
}

/** A {id} user parameter: the caller's own id, or any id for an organiser; others are a 403. */
export function ownUserParam(user: AuthUser, id: string | undefined): number {
  if (!id || !/^\d+$/.test(id)) throw new DomainError('request.invalid', 'id must be a user id', { field: 'id' });
  const userId = Number(id);
  if (userId !== user.userId && !user.isOrganiser) throw new DomainError('auth.forbidden', 'Only your own data');
  return userId;
}

/**
 * The query string validated by a schema; empty parameters count as absent (a GET form sends
 * them). Failure is a 400 `request.invalid` naming the first bad field.
 */
export function parseQuery<S extends v.GenericSchema>(schema: S, url: URL): v.InferOutput<S> {
  const input: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (value !== '') input[name] = value;
  return parseInput(schema, input);
}

/**
 * The platform a list is for (SPEC §3): the `platform` query parameter, else the calling
 * page's path (a path containing webapp selects webApp).
 */
export function platformOf(context: CallContext): Platform {
  const { platform } = parseQuery(PlatformQuerySchema, context.url);
  if (context.url.searchParams.has('platform')) return platform;
  const referrer = context.request.headers.get('referer');
  try {
    return referrer ? platformForPath(new URL(referrer).pathname) : 'digital';
  } catch {
    return 'digital';
  }
}
