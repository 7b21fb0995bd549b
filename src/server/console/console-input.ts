import { MAX_ADDRESS, siteOrWebAddress } from '~/contracts/console-live';
import { DomainError } from '~/server/errors';

/*
 * The console's rules a route's schema cannot state (~/contracts/console-live.ts declares the
 * shapes): each rule broken is a 400 `console.invalid` naming the field.
 */

/** A rule a console input broke, naming the field (400). */
export const invalid = (field: string, message: string): DomainError => new DomainError('console.invalid', `${field}: ${message}`, { field });

/**
 * A stream or picture address an organiser may set: http(s) anywhere (stream hosts are the
 * organiser's choice, docs/security.md) or a path on this site (siteOrWebAddress); null clears it.
 */
function addressOf(value: unknown, field: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, 'give an address, or null for none');
  const text = value.trim();
  if (text.length > MAX_ADDRESS) throw invalid(field, `at most ${MAX_ADDRESS} characters`);
  const address = siteOrWebAddress(text);
  if (address === undefined) throw invalid(field, 'must be an http(s) address or a path on this site');
  return address;
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
