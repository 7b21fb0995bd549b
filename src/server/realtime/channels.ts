import type { PeerSocket } from './peer-socket';

/** A socket whose unsent backlog passes this is too slow to follow the event; it is dropped. */
const MAX_BACKLOG_BYTES = 1 << 20;
const TEXT = { binary: false } as const;

/** The sockets of each event on this node: one channel (a Set) per event id. */
export class Channels {
  readonly #byEvent = new Map<number, Set<PeerSocket>>();

  add(peer: PeerSocket): void {
    let channel = this.#byEvent.get(peer.eventId);
    if (!channel) this.#byEvent.set(peer.eventId, (channel = new Set()));
    channel.add(peer);
  }

  remove(peer: PeerSocket): void {
    const channel = this.#byEvent.get(peer.eventId);
    if (!channel?.delete(peer)) return;
    if (channel.size === 0) this.#byEvent.delete(peer.eventId);
  }

  /**
   * Sends the same encoded frame to every socket of the event. The loop allocates nothing of
   * its own: one Buffer for all sockets, one shared options object.
   */
  deliver(eventId: number, payload: Buffer): void {
    const channel = this.#byEvent.get(eventId);
    if (!channel) return;
    for (const peer of channel) {
      if (peer.readyState !== 1) continue;
      if (peer.bufferedAmount > MAX_BACKLOG_BYTES) peer.terminate();
      else peer.send(payload, TEXT);
    }
  }

  count(eventId?: number): number {
    if (eventId !== undefined) return this.#byEvent.get(eventId)?.size ?? 0;
    let total = 0;
    for (const channel of this.#byEvent.values()) total += channel.size;
    return total;
  }

  *all(): Generator<PeerSocket> {
    for (const channel of this.#byEvent.values()) yield* channel;
  }
}
