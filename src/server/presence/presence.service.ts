import type { Realtime } from '~/server/realtime/index';
import type { PresenceSnapshot, PresenceStore } from './presence-store';

export interface PresenceOptions {
  realtime: Pick<Realtime, 'onMembership' | 'deliverLocally'>;
  store: PresenceStore;
  /** A user stays online this long after their last socket on this node closed. */
  graceMs: number;
  /** Renewal of this node's entries and reconciliation with the other nodes. */
  refreshMs: number;
  /** Changes gathered this long before one online-users-change goes out. */
  coalesceMs: number;
  /** The ids among `userIds` that are not hidden (hidden attendees never reach anyone else). */
  visibleAmong: (eventId: number, userIds: number[]) => Promise<number[]>;
  onError: (error: unknown) => void;
}

interface Held {
  sockets: number;
  /** Set while the last socket is gone and the grace period runs. */
  grace?: NodeJS.Timeout | undefined;
}

const keyOf = (eventId: number, userId: number) => `${eventId}:${userId}`;
/** How long the first change after a quiet spell waits for others that come with it. */
const LEADING_MS = 25;
/**
 * Shortest time nobody goes offline after the store came back: the other nodes reconnect on their
 * own schedule (a try at least every second, src/server/shared/redis-options.ts) before they re-add their users.
 */
const RESUME_SETTLE_MIN_MS = 3000;
/** After an entry's expiry, so the store no longer counts it when the reload reads. */
const EXPIRY_SLACK_MS = 20;

/**
 * Who is online (docs/presence.md): a user with at least one open realtime socket in the event
 * on any node, kept online for `graceMs` after their last socket closes so a reconnect does not
 * flap. This node counts its own sockets per user and tells the store only about transitions
 * that outlast the grace; every node keeps a mirror of the event's online set, reloads it
 * (coalesced) when the store signals a change, diffs it, and sends the difference to its OWN
 * signed-in sockets, so each socket hears each change once without a second broker hop.
 */
export function createPresence(options: PresenceOptions) {
  const { realtime, graceMs, refreshMs, coalesceMs, visibleAmong, onError } = options;
  const held = new Map<string, Held & { eventId: number; userId: number }>();
  const mirrors = new Map<number, Set<number>>();
  const loading = new Map<number, Promise<Set<number>>>();
  const pending = new Map<number, NodeJS.Timeout>();
  let isClosed = false;
  /** Until then nobody goes offline: after the store was away, every node is still re-registering its users. */
  let settleUntil = 0;
  /** A call to the store failed and none has answered since: entries may have expired meanwhile. */
  let isStoreAway = false;

  // Every call to the store says whether it is there. A node's command connection can be back
  // before its subscription is (each reconnects on its own schedule): its first answer after a
  // failure starts the quiet round as the subscription's return does, so a reload in between does
  // not take offline the users whom other nodes have not registered again yet.
  const shared = options.store;
  const store: PresenceStore = {
    set: (...args) => watched(shared.set(...args)),
    refresh: (...args) => watched(shared.refresh(...args)),
    load: (...args) => watched(shared.load(...args)),
    announceVisibility: (...args) => shared.announceVisibility(...args),
    subscribe: (...args) => shared.subscribe(...args),
    close: () => shared.close(),
  };
  function watched<T>(call: Promise<T>): Promise<T> {
    return call.then((answer) => {
      if (isStoreAway) {
        isStoreAway = false;
        settle();
      }
      return answer;
    }, (error: unknown) => {
      isStoreAway = true;
      throw error;
    });
  }
  /** Nobody goes offline for one refresh round (at least a few seconds) from now. */
  function settle(): void {
    settleUntil = Math.max(settleUntil, Date.now() + Math.max(refreshMs, RESUME_SETTLE_MIN_MS));
  }

  const guard = (work: Promise<unknown>) => void work.catch(onError);

  function mirrorOf(eventId: number): Promise<Set<number>> {
    void ensureSubscribed();
    const known = mirrors.get(eventId);
    if (known) return Promise.resolve(known);
    let load = loading.get(eventId);
    if (!load) {
      load = store.load(eventId).then((snapshot) => {
        if (!mirrors.has(eventId)) {
          mirrors.set(eventId, snapshot.online);
          watchExpiry(eventId, snapshot);
        }
        return mirrors.get(eventId)!;
      }).finally(() => loading.delete(eventId));
      loading.set(eventId, load);
    }
    return load;
  }

  async function tell(eventId: number, online: number[], offline: number[]): Promise<void> {
    const visible = new Set(await visibleAmong(eventId, [...online, ...offline]));
    const change = { online: online.filter((id) => visible.has(id)), offline: offline.filter((id) => visible.has(id)) };
    if (change.online.length + change.offline.length > 0) realtime.deliverLocally(eventId, 'online-users-change', change);
  }

  async function diffWithStore(eventId: number): Promise<void> {
    const snapshot = await store.load(eventId);
    const now = snapshot.online;
    const before = mirrors.get(eventId);
    const isSettling = isStoreAway || Date.now() < settleUntil;
    // While settling, whoever was online stays so; the first reload after it drops who really left.
    mirrors.set(eventId, isSettling && before ? new Set([...before, ...now]) : now);
    watchExpiry(eventId, snapshot);
    // A first look has nothing to diff against; local sockets load the whole list themselves.
    if (!before || isClosed) return;
    const online = [...now].filter((id) => !before.has(id));
    const offline = isSettling ? [] : [...before].filter((id) => !now.has(id));
    if (online.length + offline.length > 0) await tell(eventId, online, offline);
  }

  // One reload per event at a time, in order: an older answer must not land after a newer one.
  const reloading = new Map<number, Promise<void>>();
  function reload(eventId: number): Promise<void> {
    const next = (reloading.get(eventId) ?? Promise.resolve()).then(() => diffWithStore(eventId));
    const settled = next.catch(() => undefined);
    reloading.set(eventId, settled);
    void settled.then(() => { if (reloading.get(eventId) === settled) reloading.delete(eventId); });
    return next;
  }

  // An entry due before the next renewal round belongs to a node that stopped renewing (it died):
  // reload when it expires, so its users go offline then rather than at this node's next round.
  const expiryTimers = new Map<number, NodeJS.Timeout>();
  function watchExpiry(eventId: number, { nextExpiryAt }: PresenceSnapshot): void {
    clearTimeout(expiryTimers.get(eventId));
    expiryTimers.delete(eventId);
    if (nextExpiryAt === undefined || isClosed) return;
    const inMs = nextExpiryAt - Date.now();
    if (inMs >= refreshMs) return;
    expiryTimers.set(eventId, setTimeout(() => {
      expiryTimers.delete(eventId);
      scheduleReload(eventId);
    }, Math.max(0, inMs) + EXPIRY_SLACK_MS).unref());
  }

  // Leading edge: the first change after a quiet spell goes out almost at once (a short wait
  // gathers what arrives together); later ones wait until `coalesceMs` after the previous reload.
  const lastReload = new Map<number, number>();
  function scheduleReload(eventId: number): void {
    if (pending.has(eventId) || isClosed) return;
    const since = Date.now() - (lastReload.get(eventId) ?? 0);
    const delay = since >= coalesceMs ? Math.min(LEADING_MS, coalesceMs) : coalesceMs - since;
    pending.set(eventId, setTimeout(() => {
      pending.delete(eventId);
      lastReload.set(eventId, Date.now());
      guard(reload(eventId));
    }, delay).unref());
  }

  function joined(eventId: number, userId: number): void {
    const key = keyOf(eventId, userId);
    const entry = held.get(key);
    if (entry) {
      entry.sockets += 1;
      clearTimeout(entry.grace);
      entry.grace = undefined;
      return;
    }
    held.set(key, { eventId, userId, sockets: 1 });
    guard(mirrorOf(eventId).then(() => store.set(eventId, userId, true)).then(() => scheduleReload(eventId)));
  }

  function left(eventId: number, userId: number): void {
    const key = keyOf(eventId, userId);
    const entry = held.get(key);
    if (!entry || --entry.sockets > 0) return;
    entry.grace = setTimeout(() => {
      held.delete(key);
      guard(store.set(eventId, userId, false).then(() => scheduleReload(eventId)));
    }, graceMs).unref();
  }

  // Renew this node's entries (users in grace included), then reconcile every known event:
  // this is how a node that died without a word drops out everywhere.
  const ticker = setInterval(() => {
    guard(store.refresh([...held.values()]).then(() => Promise.all([...mirrors.keys()].map((eventId) => reload(eventId)))));
  }, refreshMs).unref();

  const stopListening = realtime.onMembership((eventId, userId, isJoined) => (isJoined ? joined(eventId, userId) : left(eventId, userId)));
  // Subscribed on first use, so a process that never serves sockets (the event CLI) opens no
  // Redis connection for presence.
  let subscribed: Promise<void> | undefined;
  function ensureSubscribed(): Promise<void> {
    if (!subscribed) {
      subscribed = store.subscribe(onSignal, resumed);
      guard(subscribed);
    }
    return subscribed;
  }

  /**
   * The store is back after a gap (docs/presence.md "When Redis is away"): this node's users are
   * registered again at once and every node told to reload, and for one refresh round (at least a
   * few seconds) nobody goes offline, so entries that expired meanwhile do not flap users who stayed connected.
   */
  function resumed(): void {
    isStoreAway = false;
    settle();
    guard(store.refresh([...held.values()], true));
  }

  function onSignal(eventId: number, visibility?: { userId: number; isHidden: boolean }): void {
    // Events this node never looked at stay unmirrored: nobody here asked about them.
    if (!mirrors.has(eventId)) return;
    if (!visibility) return scheduleReload(eventId);
    guard(mirrorOf(eventId).then((online) => {
      if (!online.has(visibility.userId) || isClosed) return;
      const ids = [visibility.userId];
      // The hidden filter is skipped on purpose: this frame is the one that takes them off screens.
      realtime.deliverLocally(eventId, 'online-users-change', visibility.isHidden ? { online: [], offline: ids } : { online: ids, offline: [] });
    }));
  }

  return {
    /** Whether the user has an open socket in the event on any node (or is within the grace). */
    async isOnline(eventId: number, userId: number): Promise<boolean> {
      return (await mirrorOf(eventId)).has(userId);
    },

    /**
     * The node's mirror of who is online in the event (hidden attendees included), itself rather
     * than a copy: a caller that only asks `has` per attendee must not copy thousands of ids per request.
     */
    onlineSet(eventId: number): Promise<ReadonlySet<number>> {
      return mirrorOf(eventId);
    },

    /** Everyone online in the event, hidden attendees included: filter before showing others. */
    async onlineUserIds(eventId: number): Promise<number[]> {
      return [...(await mirrorOf(eventId))];
    },

    /** After a user turned hidden or visible: every node tells its sockets, when the user is online. */
    async visibilityChanged(eventId: number, userId: number, isHidden: boolean): Promise<void> {
      await ensureSubscribed();
      await store.announceVisibility(eventId, userId, isHidden);
    },

    /** Stops timers and listeners; entries in a shared store are left to expire (a restart must not flap). */
    async close(): Promise<void> {
      isClosed = true;
      stopListening();
      clearInterval(ticker);
      for (const timer of [...pending.values(), ...expiryTimers.values()]) clearTimeout(timer);
      for (const entry of held.values()) clearTimeout(entry.grace);
      await store.close();
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
