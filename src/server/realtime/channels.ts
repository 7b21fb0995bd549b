import { audienceOf } from '~/contracts/realtime';
import { eventNameOf } from './frames';
import { SESSION_ENDED_CODE } from './session-end';
import type { PeerSocket } from './peer-socket';

const anyone = (): boolean => true;
const isMember = (peer: PeerSocket): boolean => peer.userId !== null;

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
   * Sends the same frame to the sockets of the event its name's declared audience allows
   * (REALTIME_AUDIENCE: everyone, or signed-in members only), or to the signed-in `userId`'s
   * sockets: encoded once, the same Buffer sent to each socket, and no allocation of its own in
   * the loop. A frame whose name is addressed to single users, or declared by nobody, reaches no
   * one without a `userId`. A socket too slow to follow is closed by its own write (PeerSocket.sendFrame); it
   * reconnects and refetches.
   */
  deliver(eventId: number, payload: Buffer, userId?: number): void {
    if (userId !== undefined) return this.#send(this.#byUser.get(eventId)?.get(userId), payload, anyone);
    const name = eventNameOf(payload);
    const audience = name === undefined ? undefined : audienceOf(name);
    if (audience === 'everyone') this.#send(this.#byEvent.get(eventId), payload, anyone);
    else if (audience === 'members') this.#send(this.#byEvent.get(eventId), payload, isMember);
  }

  /** Sends to every socket of every event (a resync after a broker gap). */
  deliverToAll(payload: Buffer): void {
    for (const sockets of this.#byEvent.values()) this.#send(sockets, payload, anyone);
  }

  #send(sockets: Set<PeerSocket> | undefined, payload: Buffer, accepts: (peer: PeerSocket) => boolean): void {
    if (!sockets) return;
    for (const peer of sockets) {
      if (peer.readyState !== 1 || !accepts(peer)) continue;
      peer.sendFrame(payload);
    }
  }

  /** Closes the user's sockets of the event (only those of `sessionId` when given): that session ended. */
  endSessions(eventId: number, userId: number, sessionId: string | undefined): void {
    const own = this.#byUser.get(eventId)?.get(userId);
    if (!own) return;
    for (const peer of [...own]) {
      if (sessionId !== undefined && peer.sessionId !== sessionId) continue;
      peer.shed(SESSION_ENDED_CODE, 'session ended');
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
