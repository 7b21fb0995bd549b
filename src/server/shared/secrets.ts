import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** `length` characters drawn from `alphabet` (a code people read aloud or type: no look-alike letters). */
export const randomCode = (length: number, alphabet: string): string =>
  Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');

/** A poll's access key, the name in its links: 12 lower-case letters and digits without look-alikes. */
export const newAccessKey = (): string => randomCode(12, 'abcdefghijkmnpqrstuvwxyz23456789');

/** A URL-safe random secret (256 bits by default). */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** The code of a ticket link and admission QR: 128 random bits, base64url (22 characters). */
/** Whether `value` has the shape of a newSecret() of 32 bytes (43 base64url characters). */
export const isSecret = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);

export const newTicketKey = (): string => newSecret(16);

/** What a ticket key looks like; anything else (an old numeric registration id) is no ticket. */
export const isTicketKey = (value: string | undefined): value is string => value !== undefined && /^[A-Za-z0-9_-]{22}$/.test(value);

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** A 6-digit numeric pin, uniformly drawn (leading zeros kept). */
export const newPin = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

// No 0/O, 1/l/I: the password is read from an SMS and typed by hand.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 12-character password from an unambiguous alphabet (about 70 bits). */
export function newPassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)];
  return out;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a presented secret (a token, a PIN) is the expected one: digests compared in constant time, whatever their lengths. */
export const sameSecret = (presented: string, expected: string): boolean => timingSafeEqual(digest(presented), digest(expected));

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Digits only: how phone numbers are compared ("+47 412 34 567" and "4741234567" match). */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');
