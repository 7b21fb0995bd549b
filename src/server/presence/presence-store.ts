/**
 * Where the nodes of a deployment share who is online. A node tells the store which users it
 * holds (after its own grace period); the store answers who is online on ANY node and tells
 * every node when another one changed something. In memory for a single node, Redis for many.
 */
export interface PresenceStore {
  /** This node now holds (`isHere`) or no longer holds the user in the event. */
  set(eventId: number, userId: number, isHere: boolean): Promise<void>;
  /**
   * Renews this node's entries, so they outlive the node only by the store's TTL; `isAnnounced`
   * also signals every node to reload those events (re-registering after the store was away).
   */
  refresh(entries: readonly PresenceEntry[], isAnnounced?: boolean): Promise<void>;
  /** Every user online in the event, on any node, and when the soonest of their entries expires. */
  load(eventId: number): Promise<PresenceSnapshot>;
  /** Tells every node (this one included) that a user's visibility changed. */
  announceVisibility(eventId: number, userId: number, isHidden: boolean): Promise<void>;
  /**
   * One handler: `visibility` set for a visibility change, else "reload this event". `resumed`
   * runs each time the store is reachable and signalling again after a gap (never in memory).
   */
  subscribe(handler: PresenceSignalHandler, resumed?: () => void): Promise<void>;
  close(): Promise<void>;
}

export interface PresenceEntry {
  eventId: number;
  userId: number;
}

export type PresenceSignalHandler = (eventId: number, visibility?: { userId: number; isHidden: boolean }) => void;

export interface PresenceSnapshot {
  online: Set<number>;
  /**
   * When the soonest entry expires unless renewed (ms since the epoch); undefined when entries
   * never expire (one node). Entries of live nodes are renewed long before; one that is due
   * sooner than the next renewal round belongs to a node that stopped renewing.
   */
  nextExpiryAt?: number;
}

/**
 * How long a node's entry lives without renewal. A node renews every `refreshMs`, so a node that
 * dies keeps its users online between `graceMs` and `graceMs + refreshMs` after its last
 * renewal: as long as a user whose last socket closed on a live node (no flap for those who
 * reconnect within the grace), and not much longer. Never under two rounds, so one late renewal
 * (a busy node, a Redis hiccup) does not drop anyone.
 */
export function presenceTtlMs(graceMs: number, refreshMs: number): number {
  return Math.max(graceMs + refreshMs, 2 * refreshMs);
}
