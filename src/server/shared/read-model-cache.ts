import { boundedCache } from './bounded-cache';

/*
 * Per-event read models: what a page or call derives from an event's stored data
 * (agenda, speakers, sponsors, lobby) is built once and reused until the event changes.
 *
 * Two things end an entry, so that a change is never missed:
 * - the event's version: every import bumps it in the same transaction that writes the data,
 *   and every request already reads it (the event service's probe). An entry built for another
 *   version is rebuilt, so an import by the CLI or by another node is seen on the next request
 *   even if no message reached this node;
 * - the broker's data-change message, published with event-change / agenda-change, drops the
 *   event's entries on every node at once (memory is freed, nothing waits for the next probe).
 *
 * Seats left and bookings are not part of any read model: they change without a new version and
 * are read per request (see agenda.service.ts). A model of data that changes without a new version
 * (the timeline) is dropped by its own data-change scope and may also set `maxAgeMs`, so a broker
 * message lost in a reconnect costs staleness for that long at most.
 */

export interface VersionedEvent {
  eventId: number;
  version: number;
}

interface Entry<T> {
  version: number;
  value: Promise<T>;
  builtAt: number;
}

export interface ReadModelOptions {
  /** Rebuild an entry this old even at the same version (models of data that changes without a new version). */
  maxAgeMs?: number;
  now?: () => number;
}

export interface ReadModelCache<T, E extends VersionedEvent = VersionedEvent> {
  /** The model for the event at its version; concurrent callers share one build. */
  get(event: E): Promise<T>;
  drop(eventId: number): void;
  dropAll(): void;
  /** Events held now. */
  size(): number;
}

/** Every cache of the process, so that one message drops an event everywhere. */
export interface ReadModels {
  /** A cache whose entries `build` makes from the event (as the request resolved it). */
  cache<T, E extends VersionedEvent>(build: (event: E) => Promise<T>, options?: ReadModelOptions): ReadModelCache<T, E>;
  dropEvent(eventId: number): void;
  /** Drops every event's entries (the broker was away: a change message may have been lost). */
  dropAll(): void;
}

/** The most events a cache holds; the least recently used goes first (a node serves a few events). */
export const MAX_EVENTS_PER_CACHE = 64;

export function createReadModelCache<T, E extends VersionedEvent = VersionedEvent>(
  build: (event: E) => Promise<T>, maxEvents = MAX_EVENTS_PER_CACHE, { maxAgeMs, now = Date.now }: ReadModelOptions = {},
): ReadModelCache<T, E> {
  const entries = boundedCache<number, Entry<T>>({ maxEntries: maxEvents });

  return {
    get(event) {
      const { eventId, version } = event;
      const held = entries.get(eventId);
      const isExpired = held !== undefined && maxAgeMs !== undefined && now() - held.builtAt >= maxAgeMs;
      if (held && held.version === version && !isExpired) return held.value;
      const value = build(event);
      // A request that probed an older version than the one held must not push the newer out.
      if (!held || held.version < version || (held.version === version && isExpired)) {
        const entry = { version, value, builtAt: now() };
        entries.set(eventId, entry);
        // A failed build is not kept: the next request tries again.
        value.catch(() => { if (entries.peek(eventId) === entry) entries.delete(eventId); });
      }
      return value;
    },
    drop(eventId) {
      entries.delete(eventId);
    },
    dropAll() {
      entries.clear();
    },
    size: () => entries.size,
  };
}

export function createReadModels(maxEvents = MAX_EVENTS_PER_CACHE): ReadModels {
  const caches: Pick<ReadModelCache<unknown>, 'drop' | 'dropAll'>[] = [];
  return {
    cache<T, E extends VersionedEvent>(build: (event: E) => Promise<T>, options?: ReadModelOptions) {
      const made = createReadModelCache(build, maxEvents, options);
      caches.push(made);
      return made;
    },
    dropEvent(eventId) {
      for (const cache of caches) cache.drop(eventId);
    },
    dropAll() {
      for (const cache of caches) cache.dropAll();
    },
  };
}
