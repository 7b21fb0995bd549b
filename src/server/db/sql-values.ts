/*
 * Normalising what the two engines return: PostgreSQL gives counts and bigints as strings,
 * SQLite gives booleans as 0/1. Repositories pass raw values through these.
 */

export const toBool = (value: unknown): boolean => value === true || value === 1 || value === '1';

export const toInt = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

export const fromBool = (value: boolean | undefined): number => (value ? 1 : 0);

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
