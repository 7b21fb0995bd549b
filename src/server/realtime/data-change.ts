/**
 * What changed: `stored` — the event's stored data (an import): drop read models and cached
 * answers; `live` — counts read per request (seats left after a booking): drop cached answers
 * only (src/server/http/page-cache.ts), the read models stay valid.
 */
export type DataChangeScope = 'stored' | 'live';

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
  return { eventId: change.eventId as number, scope: change.scope === 'live' ? 'live' : 'stored' };
}
