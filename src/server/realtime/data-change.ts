/**
 * What changed, and so what every node drops (docs/http-cache.md "Every cache"):
 * - `stored` — the event's stored data (an import): every kept thing of the event (the event
 *   itself, every read model, every kept answer);
 * - `live` — counts read per request (seats left after a booking) or a sponsor contact's card:
 *   the kept answers of the event only (src/server/http/page-cache.ts), the read models stay;
 * - `timeline` — a post, comment, like or delete, or an author's name or picture: the timeline's
 *   read model only (docs/timeline.md "Read model");
 * - `people` — who is listed among the participants or what they show (a profile edit, turning
 *   hidden, a sign-up, an erasure): the participant directory only (docs/presence.md);
 * - `polls` — a poll opened, closed, reset or its results shown or hidden (the console): the poll
 *   shapes and the kept answers that show which polls are live, nothing else.
 */
export type DataChangeScope = 'stored' | 'live' | 'timeline' | 'people' | 'polls' | 'admission';

const SCOPES: readonly DataChangeScope[] = ['stored', 'live', 'timeline', 'people', 'polls', 'admission'];

/** A data change as it travels: the event, the scope, and the node that announced it (it dropped its own already). */
export interface DataChange {
  eventId: number;
  scope: DataChangeScope;
  node?: string;
}

/**
 * "The data of this event changed": what a node tells every node so that each drops what it
 * derived from it (src/server/shared/read-model-cache.ts, the response cache). `node` is the
 * announcing node's id: it dropped its own at once and skips its echo.
 */
export function dataChangeMessage(eventId: number, scope: DataChangeScope = 'stored', node?: string): Buffer {
  return Buffer.from(JSON.stringify({ type: 'data-change', eventId, ...(scope === 'stored' ? {} : { scope }), ...(node === undefined ? {} : { node }) }));
}

/** The event id, scope and announcing node of a data-change control message, or undefined for anything else. */
export function parseDataChange(message: Buffer): DataChange | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message.toString('utf8'));
  } catch {
    return undefined;
  }
  const change = value as { type?: unknown; eventId?: unknown; scope?: unknown; node?: unknown } | null;
  if (change?.type !== 'data-change' || !Number.isInteger(change.eventId)) return undefined;
  // An unknown scope (a newer node's) drops everything: never less than asked.
  const scope = SCOPES.find((known) => known === change.scope) ?? 'stored';
  return { eventId: change.eventId as number, scope, ...(typeof change.node === 'string' ? { node: change.node } : {}) };
}
