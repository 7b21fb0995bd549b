import { WebSocket } from 'ws';

/** What one socket may cost the node; one object shared by every socket of a hub. */
export interface SocketLimits {
  /** Unsent bytes a socket may hold; a write past it closes the socket (1013). */
  maxBacklogBytes: number;
  /** Inbound frames per second a socket may send on average (token bucket refill). */
  framesPerSecond: number;
  /** Inbound frames a socket may send at once (token bucket size). */
  frameBurst: number;
}

/** How long a shed socket gets to take its close frame before it is cut off. */
const SHED_GRACE_MS = 2000;

/** ws's send options for a server frame: one shared object, so a fan-out allocates none of its own. */
const TEXT_FRAME = Object.freeze({ binary: false, compress: false, fin: true });

function cutOff(peer: PeerSocket): void {
  peer.terminate();
}

/**
 * A realtime connection. Per-socket state lives on the socket itself (the server creates
 * this class), so joining costs no side maps and listeners can be shared functions that
 * read `this` instead of closures made per socket.
 */
export class PeerSocket extends WebSocket {
  eventId = 0;
  /** Null for an anonymous visitor; presence will count sockets per user. */
  userId: number | null = null;
  /** The login session (token family) the socket was opened with; null when anonymous. */
  sessionId: string | null = null;
  /** The client address an anonymous socket is counted against; null when signed in. */
  anonymousKey: string | null = null;
  /** Cleared when a ping is sent, set again by the pong (or any frame) from the client. */
  isAlive = true;
  limits!: SocketLimits;
  /** Inbound token bucket: frames the socket may still send, as of `creditAt` (ms). */
  credit = 0;
  creditAt = 0;

  /** Called once when the socket joins: sets its limits and fills its bucket. */
  admitWith(limits: SocketLimits): void {
    this.limits = limits;
    this.credit = limits.frameBurst;
    this.creditAt = Date.now();
  }

  /**
   * THE write path of the hub: every frame a socket gets (welcome, pong, event, heartbeat ping)
   * passes this one backlog check. A socket whose unsent bytes would pass the limit is closed
   * (1013) instead of written to, so a client that does not read cannot grow the node's memory.
   * Frames go through ws's public send/ping/pong, which frame them and count what they hold back
   * in bufferedAmount, so the check stays exact whatever ws's sender queues.
   */
  #hasRoom(bytes: number): boolean {
    if (this.readyState !== 1) return false;
    if (this.bufferedAmount + bytes <= this.limits.maxBacklogBytes) return true;
    this.shed(1013, 'too slow: backlog over limit');
    return false;
  }

  /** Sends a UTF-8 payload (encodeFrame) as one text frame; a fan-out passes every socket the same Buffer. */
  sendFrame(payload: Buffer): void {
    if (this.#hasRoom(payload.length)) this.send(payload, TEXT_FRAME);
  }

  /** The heartbeat: an empty protocol ping. */
  sendPing(): void {
    if (this.#hasRoom(2)) this.ping();
  }

  /** Answers a protocol ping; ws's receiver refuses control payloads over 125 bytes, so `data` fits a pong. */
  sendPong(data: Buffer): void {
    if (this.#hasRoom(data.length)) this.pong(data);
  }

  /** Takes one inbound frame from the bucket; false (and the socket closed with 1008) when it is empty. */
  spend(): boolean {
    const now = Date.now();
    const { framesPerSecond, frameBurst } = this.limits;
    this.credit = Math.min(frameBurst, this.credit + ((now - this.creditAt) * framesPerSecond) / 1000);
    this.creditAt = now;
    if (this.credit >= 1) {
      this.credit -= 1;
      return true;
    }
    this.shed(1008, 'too many frames');
    return false;
  }

  /**
   * Closes with `code` and stops reading what the client still sends; a client that does not
   * take the close frame within the grace is cut off, so its backlog is freed either way.
   */
  shed(code: 1008 | 1013 | 4001, reason: string): void {
    if (this.readyState !== 1) return;
    this.close(code, reason);
    this.pause();
    setTimeout(cutOff, SHED_GRACE_MS, this).unref();
  }
}
