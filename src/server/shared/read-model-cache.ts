import type { DataChangeScope } from '~/server/realtime/data-change';
import { boundedCache } from './bounded-cache';

/*
 * Per-event read models: what a page or call derives from an event's stored data (the event
 * itself, agenda, speakers, stage tab counts, participants, timeline, poll shapes) is built once
 * and reused until the event changes.
 *
 * Two things end an entry, so that a change is never missed:
 * - the broker's data-change message (realtime.publishDataChange, the one way to drop): the node
 *   that wrote drops at once, every other node when the message reaches it. `stored` (an import)
 *   drops every model of the event; a narrower scope only the models that name it (`droppedBy`):
 *   a console's poll control drops the poll shapes, and the agenda stays built;
 * - the event's version, the safety net: every import bumps it in the same transaction that writes
 *   the data, and every request already reads it (the event service's probe). An entry built for
 *   another version is rebuilt, so an import by the CLI (no broker) is seen on the next request.
 *   Back from a broker gap, where messages may have been lost, every model is dropped (resync).
 *
 * Seats left and bookings are not part of any read model: they change without a new version and
 * are read per request (see agenda.service.ts). A model of data that changes without a new version
 * (the timeline) may also set `maxAgeMs`, so a broker message lost in a reconnect costs staleness
 * for that long at most.
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

export interface ReadModelSpec extends ReadModelOptions {
  /** The data-change scopes besides `stored` that drop this model's entries (data-change.ts). */
  droppedBy?: readonly DataChangeScope[];
}

export interface ReadModelCache<T, E extends VersionedEvent = VersionedEvent> {
  /** The model for the event at its version; concurrent callers share one build. */
  get(event: E): Promise<T>;
  drop(eventId: number): void;
  dropAll(): void;
  /** Events held now. */
  size(): number;
}

/** Every read model of the process, so that one data change drops what it reaches of an event everywhere. */
export interface ReadModels {
  /** A model named `name` (the `model` label of ep_read_model_builds_total) whose entries `build` makes from the event (as the request resolved it). */
  cache<T, E extends VersionedEvent>(name: string, build: (event: E) => Promise<T>, spec?: ReadModelSpec): ReadModelCache<T, E>;
  /** Drops the event's entries of the models `scope` reaches: every model for `stored`, else those whose `droppedBy` names it. */
  drop(eventId: number, scope: DataChangeScope): void;
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

export interface ReadModelsOptions {
  maxEvents?: number;
  /** Told of every build, by model name (a first build, a new version, a rebuild after a drop). */
  onBuild?: (name: string) => void;
}

export function createReadModels({ maxEvents = MAX_EVENTS_PER_CACHE, onBuild }: ReadModelsOptions = {}): ReadModels {
  const models: { droppedBy: ReadonlySet<DataChangeScope>; cache: Pick<ReadModelCache<unknown>, 'drop' | 'dropAll'> }[] = [];
  return {
    cache<T, E extends VersionedEvent>(name: string, build: (event: E) => Promise<T>, { droppedBy = [], ...options }: ReadModelSpec = {}) {
      const counted = onBuild ? (event: E) => { onBuild(name); return build(event); } : build;
      const made = createReadModelCache(counted, maxEvents, options);
      models.push({ droppedBy: new Set(droppedBy), cache: made });
      return made;
    },
    drop(eventId, scope) {
      for (const { droppedBy, cache } of models) if (scope === 'stored' || droppedBy.has(scope)) cache.drop(eventId);
    },
    dropAll() {
      for (const { cache } of models) cache.dropAll();
    },
  };
}
