import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Passwords are hashed with scrypt (memory-hard, in node:crypto, no native addon). The stored
 * string names its parameters, `scrypt$N$r$p$salt$hash` (base64url), so they can be raised later
 * without invalidating existing hashes.
 */

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Stored hashes may come from event files: refuse parameters that would make one check cost
// seconds or gigabytes (a denial of service), rather than trusting them.
const LIMITS = { N: 2 ** 20, r: 16, p: 4 } as const;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default cap (32 MiB) is just below N=2^15, r=8.
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface Parsed { N: number; r: number; p: number; salt: Buffer; hash: Buffer }

function parse(stored: string): Parsed | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > LIMITS.N || r < 1 || r > LIMITS.r || p < 1 || p > LIMITS.p) return undefined;
  return { N, r, p, salt: Buffer.from(match[4]!, 'base64url'), hash: Buffer.from(match[5]!, 'base64url') };
}

/** True when `stored` is a hash this module can verify (used to vetting hashes in event files). */
export function isPasswordHash(stored: string): boolean {
  return parse(stored) !== undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Constant-time check of `password` against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : undefined;
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(candidate, parsed.hash);
}
