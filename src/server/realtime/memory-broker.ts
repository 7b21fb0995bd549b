import type { Broker, BrokerHandler } from './broker';

/** The single-node broker: publishing calls the handler directly (no copy, no encoding). */
export function createMemoryBroker(): Broker {
  let handler: BrokerHandler | undefined;
  return {
    publish(eventId, payload, userId) {
      handler?.(eventId, payload, userId);
      return Promise.resolve();
    },
    subscribe(next) {
      handler = next;
      return Promise.resolve();
    },
    close() {
      handler = undefined;
      return Promise.resolve();
    },
  };
}
