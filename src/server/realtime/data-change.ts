/**
 * "The stored data of this event changed": what a node tells every node (itself included) so
 * that each drops the event's read models (src/server/shared/read-model-cache.ts).
 */
export function dataChangeMessage(eventId: number): Buffer {
  return Buffer.from(JSON.stringify({ type: 'data-change', eventId }));
}

/** The event id of a data-change control message, or undefined for anything else. */
export function parseDataChange(message: Buffer): number | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message.toString('utf8'));
  } catch {
    return undefined;
  }
  const change = value as { type?: unknown; eventId?: unknown } | null;
  return change?.type === 'data-change' && Number.isInteger(change.eventId) ? change.eventId as number : undefined;
}
