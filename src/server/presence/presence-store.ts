/**
 * Where the nodes of a deployment share who is online. A node tells the store which users it
 * holds (after its own grace period); the store answers who is online on ANY node and tells
 * every node when another one changed something. In memory for a single node, Redis for many.
 */
export interface PresenceStore {
  /** This node now holds (`isHere`) or no longer holds the user in the event. */
  set(eventId: number, userId: number, isHere: boolean): Promise<void>;
  /** Renews this node's entries, so they outlive the node only by the store's TTL. */
  refresh(entries: readonly PresenceEntry[]): Promise<void>;
  /** Every user online in the event, on any node. */
  load(eventId: number): Promise<Set<number>>;
  /** Tells every node (this one included) that a user's visibility changed. */
  announceVisibility(eventId: number, userId: number, isHidden: boolean): Promise<void>;
  /** One handler: `visibility` set for a visibility change, else "reload this event". */
  subscribe(handler: PresenceSignalHandler): Promise<void>;
  close(): Promise<void>;
}

export interface PresenceEntry {
  eventId: number;
  userId: number;
}

export type PresenceSignalHandler = (eventId: number, visibility?: { userId: number; isHidden: boolean }) => void;
