import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { LobbySection } from '~/contracts/console-settings';
import type { Branding, Captions } from '~/contracts/event-settings';
import type { Db } from '~/server/db/database';
import type { Database, EventTable } from '~/server/db/schema';
import { parseJson } from '~/server/db/sql-values';
import { bumpEventVersion } from './event-version.repository';

type Tx = Transaction<Database> | Kysely<Database>;

/** The event's settings as stored: `features` holds only the flags the event set. */
export interface SettingsRecord {
  features: Record<string, unknown>;
  captions: Partial<Captions>;
  branding: Branding;
  logoUrl: string | null;
  isRegistrationOpen: boolean;
  capacity: number | null;
  resultsPasswordHash: string | null;
  participantsPasswordHash: string | null;
  timeZone: string;
  startDate: string;
  endDate: string;
  isTwoFactor: boolean;
}

/** What a change of the event's row answers: the settings before and after, and the event's new version. */
export interface SettingsChange {
  before: SettingsRecord;
  after: SettingsRecord;
  version: number;
}

/** Sessions a password opened: changing the password ends them. */
export type SessionScope = 'generic' | 'participant';

const toRecord = (row: Selectable<EventTable>): SettingsRecord => ({
  features: parseJson(row.features, {}), captions: parseJson(row.captions, {}), branding: parseJson(row.branding, {}),
  logoUrl: row.logo_url, isRegistrationOpen: row.is_registration_open, capacity: row.capacity,
  resultsPasswordHash: row.results_password_hash, participantsPasswordHash: row.participants_password_hash,
  timeZone: row.time_zone, startDate: row.start_date, endDate: row.end_date, isTwoFactor: row.is_two_factor,
});

const toColumns = (change: Partial<SettingsRecord>): Updateable<EventTable> => {
  const columns: Updateable<EventTable> = {
    features: change.features && JSON.stringify(change.features), captions: change.captions && JSON.stringify(change.captions),
    branding: change.branding && JSON.stringify(change.branding), logo_url: change.logoUrl, is_registration_open: change.isRegistrationOpen,
    capacity: change.capacity, results_password_hash: change.resultsPasswordHash, participants_password_hash: change.participantsPasswordHash,
    time_zone: change.timeZone, start_date: change.startDate, end_date: change.endDate, is_two_factor: change.isTwoFactor,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
};

/**
 * The event's settings as the console reads and writes them: columns of the event's own row and
 * its lobby sections. Each write is one transaction that locks the event's row first (PostgreSQL
 * `FOR UPDATE`; SQLite has one writer), so two organisers' changes of the same JSON column never
 * lose one another's flags, and bumps the event's version.
 */
export function createSettingsEditingRepository({ kysely, dialect }: Db) {
  async function lockedRow(trx: Tx, eventId: number): Promise<SettingsRecord> {
    const query = trx.selectFrom('events').selectAll().where('id', '=', eventId);
    return toRecord(await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow());
  }

  async function placesTaken(trx: Tx, eventId: number): Promise<number> {
    const row = await trx.selectFrom('registrations').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    async findSettings(eventId: number): Promise<SettingsRecord | undefined> {
      const row = await kysely.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
      return row && toRecord(row);
    },

    async listLobby(eventId: number): Promise<LobbySection[]> {
      const rows = await kysely.selectFrom('lobby_elements').select(['id', 'key', 'type', 'options']).where('event_id', '=', eventId)
        .orderBy('position').orderBy('id').execute();
      return rows.map((row) => ({ id: row.id, key: row.key, type: row.type, title: titleOf(row.options) }));
    },

    async countRegistration(eventId: number): Promise<{ placesTaken: number; waiting: number }> {
      const waiting = await kysely.selectFrom('waiting_list').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
      return { placesTaken: await placesTaken(kysely, eventId), waiting: Number(waiting.n) };
    },

    /**
     * Changes the event's settings: `values` reads them from the locked row (and the places taken,
     * in the same transaction) and answers what to write, or throws to write nothing. The results
     * sessions of `endSessions` end in the same transaction.
     */
    async changeEvent(eventId: number, at: string,
      values: (current: SettingsRecord, read: { placesTaken: () => Promise<number> }) => Promise<Partial<SettingsRecord>> | Partial<SettingsRecord>,
      endSessions: readonly SessionScope[] = []): Promise<SettingsChange> {
      return kysely.transaction().execute(async (trx) => {
        const before = await lockedRow(trx, eventId);
        const change = await values(before, { placesTaken: () => placesTaken(trx, eventId) });
        const columns = toColumns(change);
        if (Object.keys(columns).length > 0) await trx.updateTable('events').set(columns).where('id', '=', eventId).execute();
        if (endSessions.length > 0) await trx.deleteFrom('results_sessions').where('event_id', '=', eventId).where('scope', 'in', [...endSessions]).execute();
        return { before, after: { ...before, ...change }, version: await bumpEventVersion(trx, eventId, at) };
      });
    },

    /** Puts the lobby sections in this order; false (nothing written) when `ids` are not every section once. */
    async reorderLobby(eventId: number, ids: readonly number[], at: string): Promise<number | undefined> {
      return kysely.transaction().execute(async (trx) => {
        await lockedRow(trx, eventId);
        const rows = await trx.selectFrom('lobby_elements').select('id').where('event_id', '=', eventId).execute();
        const known = new Set(rows.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) return undefined;
        for (const [position, id] of ids.entries()) {
          await trx.updateTable('lobby_elements').set({ position }).where('event_id', '=', eventId).where('id', '=', id).execute();
        }
        return bumpEventVersion(trx, eventId, at);
      });
    },
  };
}

/** A lobby section's own title from its options (the event file's `title` or `text`), '' when none. */
function titleOf(options: string): string {
  try {
    const parsed = JSON.parse(options) as Record<string, unknown>;
    const title = parsed['title'] ?? parsed['headerText'] ?? parsed['text'];
    if (typeof title !== 'string') return '';
    const text = title.replace(/<[^>]*>/g, '').trim();
    return text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
  } catch {
    return '';
  }
}

export type SettingsEditingRepository = ReturnType<typeof createSettingsEditingRepository>;
