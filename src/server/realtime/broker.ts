/**
 * Carries serialised server frames between nodes. A frame published on any node reaches the
 * handler of every node (the publisher's own included) exactly once; the hub delivers only
 * what arrives through `subscribe`, so a node never delivers a frame twice.
 */
export interface Broker {
  /**
   * `userId` narrows delivery to that user's sockets (personal events such as vouchers). Rejects at
   * once while the broker is away: a message is never queued to go out late.
   */
  publish(eventId: number, payload: Buffer, userId?: number): Promise<void>;
  /** A message for the hubs themselves (not for sockets), e.g. "this session ended", to every node. */
  publishControl(message: Buffer): Promise<void>;
  /**
   * One handler per broker; it receives every event's frames, and `control` every control message.
   * `resumed` runs each time the subscription is live again after a gap (the broker was away, or
   * away at start): whatever was published meanwhile never arrived here. Never for the in-process broker.
   */
  subscribe(handler: BrokerHandler, control?: ControlHandler, resumed?: () => void): Promise<void>;
  close(): Promise<void>;
  /** Whether messages can go out and come in now (readiness); the in-process broker always can. */
  isConnected(): boolean;
}

/** `payload` is the frame as UTF-8 JSON, ready to send to sockets as is. */
export type BrokerHandler = (eventId: number, payload: Buffer, userId?: number) => void;

export type ControlHandler = (message: Buffer) => void;
