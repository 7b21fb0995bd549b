import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import { DomainError } from '~/server/errors';

/*
 * Reading the console's inputs: each rule broken is a 400 `console.invalid` naming the field.
 */

/** A rule a console input broke, naming the field (400). */
export const invalid = (field: string, message: string): DomainError => new DomainError('console.invalid', `${field}: ${message}`, { field });

/** A positive whole id from a route or body, or a 400 naming the field. */
export function idOf(value: unknown, field: string): number {
  const id = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw invalid(field, 'must be a positive whole number');
  return id;
}

const MAX_URL = 2000;

/**
 * A stream or picture address an organiser may set: http(s) anywhere (stream hosts are the
 * organiser's choice, docs/security.md) or a path on this site; null clears it.
 */
export function addressOf(value: unknown, field: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, 'give an address, or null for none');
  const text = value.trim();
  if (text.length > MAX_URL) throw invalid(field, `at most ${MAX_URL} characters`);
  if (text.startsWith('/') && !text.startsWith('//') && !/[\s\\]/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(field, 'must be an http(s) address or a path on this site');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(field, 'must be an http(s) address or a path on this site');
  return url.href;
}

/** Where this site keeps media an attendee's player or picture may load (docs/security.md "Console addresses"). */
const MEDIA_PATHS = ['/api/asset/uploads/', '/media/', '/demo/'];

/**
 * A stream or picture address every attendee's browser will load without a click: an upload, a
 * file under /media/ or /demo/, or an https address of another host than the event's. Never any
 * other path of this site, so no console address makes attendees' browsers call the API (the
 * third review set `/api/liveEvent/demo/sendContactInfo/1` as the holding picture); null clears it.
 */
export function mediaAddressOf(value: unknown, field: string, eventHost: string): string | null {
  const address = addressOf(value, field);
  if (address === null) return null;
  const rule = 'must be an upload, a file under /media/ or /demo/, or an https address of another site';
  if (address.startsWith('/')) {
    const path = new URL(address, 'http://site.invalid').pathname;
    if (!MEDIA_PATHS.some((prefix) => path.startsWith(prefix)) || /(^|\/)\.\.?(\/|$)|%2e|%2f/i.test(address)) throw invalid(field, rule);
    return address;
  }
  const url = new URL(address);
  if (url.protocol !== 'https:' || url.hostname.toLowerCase() === eventHost.toLowerCase() || url.username !== '' || url.password !== '') throw invalid(field, rule);
  return address;
}

/** Platforms a promoted item shows on (docs/product.md §3 PlatformDisplayOptions): at least one known one. */
export function platformsOf(value: unknown, field = 'platforms'): Platform[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((p) => PLATFORMS.includes(p as Platform))) {
    throw invalid(field, `must list one or more of ${PLATFORMS.join(', ')}`);
  }
  return [...new Set(value as Platform[])];
}
