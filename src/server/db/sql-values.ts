/* Values repositories read or compare the same way on both engines (rows arrive normalised: database.ts). */

/** Parses a JSON column, falling back when it is empty or malformed. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Unique-constraint violation on either engine (SQLite 2067/1555, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown } | null;
  return e?.code === '23505' || e?.errcode === 2067 || e?.errcode === 1555;
}
