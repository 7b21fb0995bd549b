import * as v from 'valibot';
import type { AuthUser } from '~/contracts/login';
import { platformForPath, PlatformQuerySchema } from '~/contracts/content';
import type { Platform } from '~/contracts/event-settings';
import { originPlatform, sponsorOrigin } from '~/lib/sponsor-origin';
import { DomainError } from '~/server/errors';
import type { CallContext } from './request-context';
import { parseInput } from './respond';

/** A path parameter that is a record's id (1 to 9 digits), as a number: a route's `input.params` schema names it. */
export const PathIdSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'must be a numeric id'), v.transform(Number));

/** The params of a path whose one parameter is a record's `{id}`. */
export const IdParams = v.object({ id: PathIdSchema });

/** A body of fields (JSON object or form) whose service checks each field with its own messages: the route declares it so the guard reads it. */
export const FieldsSchema = v.record(v.string(), v.unknown());

/** A user's `{id}` (IdParams): the caller's own, or any for an organiser; others are a 403. */
export function ownUserId(user: AuthUser, userId: number): number {
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
 * The platform a call is for (docs/product.md §3): the `platform` query parameter, else the calling page's
 * (`referrer`, see platformOfPage). `url` must be the call's own.
 */
export function platformOfRequest(url: URL, referrer: string | null | undefined): Platform {
  const { platform } = parseQuery(PlatformQuerySchema, url);
  if (url.searchParams.has('platform')) return platform;
  return platformOfPage(referrer);
}

/**
 * The platform of the page a call came from: a path containing webapp selects webApp (docs/product.md §3),
 * and a sponsor page belongs to the platform it was opened from (its `?from=`, sponsor-origin.ts).
 * No page, or one that cannot be read, is the digital platform.
 */
export function platformOfPage(referrer: string | null | undefined): Platform {
  // Both rules need "webapp" somewhere in the address; most calls come from elsewhere.
  if (!referrer || !/webapp/i.test(referrer)) return 'digital';
  try {
    const page = new URL(referrer);
    if (/^\/sponsor\//i.test(page.pathname)) return originPlatform(sponsorOrigin(page.searchParams));
    return platformForPath(page.pathname);
  } catch {
    return 'digital';
  }
}

/** The platform of this call (platformOfRequest), where every feature's flags are checked. */
export function platformOf(context: CallContext): Platform {
  return platformOfRequest(context.url, context.request.headers.get('referer'));
}
