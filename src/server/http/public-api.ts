import type { APIContext } from 'astro';
import type * as v from 'valibot';
import type { EventInfo } from '~/contracts/event-info';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { parseInput } from './respond';

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
 * The host's event, checked against the `{eventId}` of the path (slug or id): another event's
 * id is `event.wrong_event` (403), an id no event has is `event.not_found` (404).
 */
export async function pathEvent(context: APIContext): Promise<EventInfo> {
  const event = context.locals.event;
  const identity = context.params['eventId'] ?? '';
  if (!event) throw new DomainError('event.not_found', 'No event at this address');
  if (identity === event.eventSlug || identity === String(event.eventId)) return event;
  const other = await app().events.findByIdentity(identity);
  if (other) throw new DomainError('event.wrong_event', 'The path names another event than the host');
  throw new DomainError('event.not_found', 'No such event');
}

/** Public data may be cached briefly by browsers and proxies. */
export const PUBLIC_CACHE = { 'cache-control': 'public, max-age=30' } as const;
