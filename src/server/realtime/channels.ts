import { frameText } from './frames';
import type { PeerSocket } from './peer-socket';

/** The sockets of each event on this node: one channel (a Set) per event id. */
export class Channels {
  readonly #byEvent = new Map<number, Set<PeerSocket>>();

  add(peer: PeerSocket): void {
    let channel = this.#byEvent.get(peer.eventId);
    if (!channel) this.#byEvent.set(peer.eventId, (channel = new Set()));
    channel.add(peer);
  }

  /** False when the socket was not (or no longer) in its channel. */
  remove(peer: PeerSocket): boolean {
    const channel = this.#byEvent.get(peer.eventId);
    if (!channel?.delete(peer)) return false;
    if (channel.size === 0) this.#byEvent.delete(peer.eventId);
    return true;
  }

  /**
   * Sends the same frame to every socket of the event (or only the signed-in `userId`'s): framed
   * once, one write per socket, and no allocation of its own in the loop. A socket too slow to
   * follow is closed by its own write (PeerSocket.sendFrame); it reconnects and refetches.
   */
  deliver(eventId: number, payload: Buffer, userId?: number): void {
    this.#send(eventId, payload, (peer) => userId === undefined || peer.userId === userId);
  }

  /** Sends to every signed-in socket of the event (attendee ids never reach anonymous visitors). */
  deliverToMembers(eventId: number, payload: Buffer): void {
    this.#send(eventId, payload, (peer) => peer.userId !== null);
  }

  #send(eventId: number, payload: Buffer, accepts: (peer: PeerSocket) => boolean): void {
    const channel = this.#byEvent.get(eventId);
    if (!channel) return;
    const frame = frameText(payload);
    for (const peer of channel) {
      if (peer.readyState !== 1 || !accepts(peer)) continue;
      peer.sendFrame(frame);
    }
  }

  /** Closes the user's sockets of the event (only those of `sessionId` when given): that session ended. */
  endSessions(eventId: number, userId: number, sessionId: string | undefined): void {
    const channel = this.#byEvent.get(eventId);
    if (!channel) return;
    for (const peer of channel) {
      if (peer.userId !== userId || (sessionId !== undefined && peer.sessionId !== sessionId)) continue;
      peer.shed(1008, 'session ended');
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
