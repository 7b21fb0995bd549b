import type { Broker, BrokerHandler, ControlHandler } from './broker';

/** The single-node broker: publishing calls the handler directly (no copy, no encoding). */
export function createMemoryBroker(): Broker {
  let handler: BrokerHandler | undefined;
  let control: ControlHandler | undefined;
  return {
    publish(eventId, payload, userId) {
      handler?.(eventId, payload, userId);
      return Promise.resolve();
    },
    publishControl(message) {
      control?.(message);
      return Promise.resolve();
    },
    subscribe(next, nextControl) {
      handler = next;
      control = nextControl;
      return Promise.resolve();
    },
    isConnected: () => true,
    close() {
      handler = undefined;
      control = undefined;
      return Promise.resolve();
    },
  };
}
