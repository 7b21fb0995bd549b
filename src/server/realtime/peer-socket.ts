import { WebSocket } from 'ws';

/**
 * A realtime connection. Per-socket state lives on the socket itself (the server creates
 * this class), so joining costs no side maps and listeners can be shared functions that
 * read `this` instead of closures made per socket.
 */
export class PeerSocket extends WebSocket {
  eventId = 0;
  /** Null for an anonymous visitor; presence will count sockets per user. */
  userId: number | null = null;
  /** Cleared when a ping is sent, set again by the pong (or any frame) from the client. */
  isAlive = true;
}
