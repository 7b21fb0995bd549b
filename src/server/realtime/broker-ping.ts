import { randomUUID } from 'node:crypto';

/**
 * A node's own ping through the broker: published as a control message with the node's id and
 * the time it left; when it comes back on the same node, the difference is the broker's
 * publish-to-delivery lag (measured on one clock, so skew between hosts never enters).
 */
export interface BrokerPing {
  node: string;
  sentAt: number;
}

export const nodeId = (): string => randomUUID();

export function brokerPingMessage(node: string): Buffer {
  return Buffer.from(JSON.stringify({ type: 'broker-ping', node, sentAt: performance.now() }));
}

/** The ping in a control message when this node sent it, else undefined. */
export function ownBrokerPing(message: Buffer, node: string): BrokerPing | undefined {
  // Cheap test first: session-end messages pass here too.
  if (!message.includes(node)) return undefined;
  try {
    const value = JSON.parse(message.toString('utf8')) as { type?: unknown; node?: unknown; sentAt?: unknown };
    if (value.type !== 'broker-ping' || value.node !== node || typeof value.sentAt !== 'number') return undefined;
    return { node, sentAt: value.sentAt };
  } catch {
    return undefined;
  }
}
