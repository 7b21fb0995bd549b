/**
 * What changed: `stored` — the event's stored data (an import): drop read models and cached
 * answers; `live` — counts read per request (seats left after a booking): drop cached answers
 * only (src/server/http/page-cache.ts), the read models stay valid; `timeline` — a post, comment,
 * like or delete, or an author's name or picture: drop the timeline's read model only
 * (docs/timeline.md "Read model"); `people` — who is listed among the participants or what they
 * show (a profile edit, turning hidden, a sign-up, an erasure): drop the participant directory
 * only (docs/presence.md).
 */
export type DataChangeScope = 'stored' | 'live' | 'timeline' | 'people';

const SCOPES: readonly DataChangeScope[] = ['stored', 'live', 'timeline', 'people'];

/**
 * "The data of this event changed": what a node tells every node (itself included) so that each
 * drops what it derived from it (src/server/shared/read-model-cache.ts, the response cache).
 */
export function dataChangeMessage(eventId: number, scope: DataChangeScope = 'stored'): Buffer {
  return Buffer.from(JSON.stringify(scope === 'stored' ? { type: 'data-change', eventId } : { type: 'data-change', eventId, scope }));
}

/** The event id and scope of a data-change control message, or undefined for anything else. */
export function parseDataChange(message: Buffer): { eventId: number; scope: DataChangeScope } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message.toString('utf8'));
  } catch {
    return undefined;
  }
  const change = value as { type?: unknown; eventId?: unknown; scope?: unknown } | null;
  if (change?.type !== 'data-change' || !Number.isInteger(change.eventId)) return undefined;
  // An unknown scope (a newer node's) drops everything: never less than asked.
  const scope = SCOPES.find((known) => known === change.scope) ?? 'stored';
  return { eventId: change.eventId as number, scope };
}
