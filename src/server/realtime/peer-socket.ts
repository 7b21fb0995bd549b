import type { Duplex } from 'node:stream';
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

  /**
   * Writes a complete frame (see frameText) straight to the TCP socket: one write instead of
   * ws's per-send option objects, header buffer and corked pair of writes. Sound only because
   * the hub turns perMessageDeflate off, so ws's sender never holds frames back (nothing it
   * queued could be overtaken) and frames on the wire stay whole.
   */
  sendFrame(frame: Buffer): void {
    (this as unknown as { _socket: Duplex })._socket.write(frame);
  }
}
