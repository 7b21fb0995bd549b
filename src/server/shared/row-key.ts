import { randomBytes } from 'node:crypto';

/** The longest slug a new row's key starts with. */
const KEY_SLUG_MAX = 40;

/** A title as the start of an event-file key: lower-case ASCII letters and digits, "-" between words; `fallback` when nothing is left. */
export function keySlug(title: string, fallback: string): string {
  const ascii = title.toLowerCase().replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/ß/g, 'ss').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').slice(0, KEY_SLUG_MAX).replace(/^-+|-+$/g, '');
  return slug === '' ? fallback : slug;
}

/**
 * A key for a row the console makes (a session, poll, speaker, sponsor, room): its name's slug,
 * "-" and `bytes` random bytes in hex, so the event file's export imports again
 * (docs/event-files.md "Keys"); a caller that must be sure checks it is free in the event.
 */
export const newRowKey = (name: string, fallback: string, bytes: number): string => `${keySlug(name, fallback)}-${randomBytes(bytes).toString('hex')}`;
