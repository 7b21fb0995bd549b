import type { Broker, BrokerHandler } from './broker';

/** The single-node broker: publishing calls the handler directly (no copy, no encoding). */
export function createMemoryBroker(): Broker {
  let handler: BrokerHandler | undefined;
  return {
    async publish(eventId, payload) {
      handler?.(eventId, payload);
    },
    async subscribe(next) {
      handler = next;
    },
    async close() {
      handler = undefined;
    },
  };
}
