import { frameText } from './frames';
import type { PeerSocket } from './peer-socket';

/** A socket whose unsent backlog passes this is too slow to follow the event; it is dropped. */
const MAX_BACKLOG_BYTES = 1 << 20;

/** The sockets of each event on this node: one channel (a Set) per event id. */
export class Channels {
  readonly #byEvent = new Map<number, Set<PeerSocket>>();
  /** Signed-in sockets per event and user, so a personal frame (chat, vouchers) skips the crowd. */
  readonly #byUser = new Map<number, Map<number, Set<PeerSocket>>>();

  add(peer: PeerSocket): void {
    let channel = this.#byEvent.get(peer.eventId);
    if (!channel) this.#byEvent.set(peer.eventId, (channel = new Set()));
    channel.add(peer);
    if (peer.userId === null) return;
    let users = this.#byUser.get(peer.eventId);
    if (!users) this.#byUser.set(peer.eventId, (users = new Map<number, Set<PeerSocket>>()));
    let own = users.get(peer.userId);
    if (!own) users.set(peer.userId, (own = new Set<PeerSocket>()));
    own.add(peer);
  }

  /** False when the socket was not (or no longer) in its channel. */
  remove(peer: PeerSocket): boolean {
    const channel = this.#byEvent.get(peer.eventId);
    if (!channel?.delete(peer)) return false;
    if (channel.size === 0) this.#byEvent.delete(peer.eventId);
    if (peer.userId === null) return true;
    const users = this.#byUser.get(peer.eventId);
    const own = users?.get(peer.userId);
    if (!users || !own?.delete(peer) || own.size > 0) return true;
    users.delete(peer.userId);
    if (users.size === 0) this.#byUser.delete(peer.eventId);
    return true;
  }

  /**
   * Sends the same frame to every socket of the event (or only the signed-in `userId`'s): framed once, one write per socket, and
   * no allocation of its own in the loop.
   */
  deliver(eventId: number, payload: Buffer, userId?: number): void {
    const sockets = userId === undefined ? this.#byEvent.get(eventId) : this.#byUser.get(eventId)?.get(userId);
    this.#send(sockets, payload, () => true);
  }

  /** Sends to every signed-in socket of the event (attendee ids never reach anonymous visitors). */
  deliverToMembers(eventId: number, payload: Buffer): void {
    this.#send(this.#byEvent.get(eventId), payload, (peer) => peer.userId !== null);
  }

  #send(sockets: Set<PeerSocket> | undefined, payload: Buffer, accepts: (peer: PeerSocket) => boolean): void {
    if (!sockets) return;
    const frame = frameText(payload);
    for (const peer of sockets) {
      if (peer.readyState !== 1 || !accepts(peer)) continue;
      if (peer.bufferedAmount > MAX_BACKLOG_BYTES) peer.terminate();
      else peer.sendFrame(frame);
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
