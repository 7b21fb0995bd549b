import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/server/db/schema';

/*
 * Generic row synchronisation used by the importer inside its transaction: rows owned by a
 * parent are matched by key, updated in place (so their ids, which bookings and votes refer to,
 * survive a re-import), inserted when new, and deleted when the file no longer names them.
 * Table and column names come from this module's callers, never from input.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper serves many tables
type AnyTx = Kysely<any>;
type Values = Record<string, string | number | boolean | null>;

/** Rows per INSERT: well below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

export function untyped(tx: Transaction<Database>): AnyTx {
  return tx;
}

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Upserts rows by (parentColumn, keyColumn); returns every row's id by key. `rows` carry the
 * key under `keyColumn`; `defaults` fill columns a new row lacks (e.g. created_at) and are
 * never written over a stored row.
 */
export async function upsertByKey(
  tx: AnyTx, table: string, parentColumn: string, parentId: number, rows: Values[],
  options: { keyColumn?: string; defaults?: Values } = {},
): Promise<Map<string, number>> {
  const keyColumn = options.keyColumn ?? 'key';
  const ids = new Map<string, number>();
  if (rows.length === 0) return ids;
  const existing = await tx.selectFrom(table).select(['id', keyColumn]).where(parentColumn, '=', parentId).execute();
  for (const row of existing as Record<string, unknown>[]) ids.set(String(row[keyColumn]), row['id'] as number);

  const fresh: Values[] = [];
  for (const row of rows) {
    const id = ids.get(String(row[keyColumn]));
    if (id === undefined) {
      fresh.push({ ...options.defaults, ...row, [parentColumn]: parentId });
      continue;
    }
    const changes = Object.fromEntries(Object.entries(row).filter(([column]) => column !== keyColumn));
    if (Object.keys(changes).length > 0) await tx.updateTable(table).set(changes).where('id', '=', id).execute();
  }
  for (const part of chunks(fresh)) {
    const inserted = await tx.insertInto(table).values(part).returning(['id', keyColumn]).execute();
    for (const row of inserted as Record<string, unknown>[]) ids.set(String(row[keyColumn]), row['id'] as number);
  }
  return ids;
}

/** Deletes the parent's keyed rows whose key is not in `keep` (rows without a key stay). */
export async function deleteKeysExcept(tx: AnyTx, table: string, parentColumn: string, parentId: number, keep: readonly string[], keyColumn = 'key'): Promise<number> {
  let query = tx.deleteFrom(table).where(parentColumn, '=', parentId).where(keyColumn, 'is not', null);
  // Large files would exceed parameter limits in NOT IN; compare against the set in code then.
  if (keep.length > CHUNK * 4) {
    const rows = (await tx.selectFrom(table).select(['id', keyColumn]).where(parentColumn, '=', parentId).execute()) as Record<string, unknown>[];
    const kept = new Set(keep);
    const doomed = rows.filter((r) => r[keyColumn] !== null && !kept.has(String(r[keyColumn] as string))).map((r) => r['id'] as number);
    for (const part of chunks(doomed)) await tx.deleteFrom(table).where('id', 'in', part).execute();
    return doomed.length;
  }
  if (keep.length > 0) query = query.where(keyColumn, 'not in', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Replaces a junction table's rows for every owner row of the event (owners are rows of
 * `ownerTable` with `event_id`), e.g. all session_speakers of the event's sessions.
 */
export async function replaceLinks(tx: AnyTx, junction: string, ownerColumn: string, ownerTable: string, eventId: number, rows: Values[]): Promise<void> {
  await tx.deleteFrom(junction)
    .where(ownerColumn, 'in', tx.selectFrom(ownerTable).select('id').where('event_id', '=', eventId))
    .execute();
  for (const part of chunks(rows)) await tx.insertInto(junction).values(part).execute();
}

/** Makes a poll's alternatives match the file by position, keeping the ids of those that remain. */
export async function syncByPosition(tx: AnyTx, table: string, parentColumn: string, parentId: number, rows: Values[]): Promise<void> {
  const existing = (await tx.selectFrom(table).select(['id', 'position']).where(parentColumn, '=', parentId).orderBy('position').execute()) as Record<string, unknown>[];
  const byPosition = new Map(existing.map((r) => [r['position'] as number, r['id'] as number]));
  const fresh: Values[] = [];
  for (const [position, row] of rows.entries()) {
    const id = byPosition.get(position);
    if (id === undefined) fresh.push({ ...row, position, [parentColumn]: parentId });
    else await tx.updateTable(table).set({ ...row, position }).where('id', '=', id).execute();
  }
  if (fresh.length > 0) await tx.insertInto(table).values(fresh).execute();
  await tx.deleteFrom(table).where(parentColumn, '=', parentId).where('position', '>=', rows.length).execute();
}
