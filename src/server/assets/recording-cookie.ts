import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sameHash } from '~/server/shared/secrets';

/**
 * The signed cookie of `generateSignedCookies` (docs/product.md §4 recordings): `<eventId>.<expires>.<mac>`,
 * HttpOnly, scoped to /api/asset/recordings and short-lived. It lets the video player fetch
 * recording segments without a Bearer header, for one event only, and says nothing about the user.
 */
export const RECORDING_COOKIE = 'ep_recordings';
export const RECORDING_COOKIE_PATH = '/api/asset/recordings';
export const RECORDING_COOKIE_TTL_S = 60 * 60;

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signRecordingCookie(key: Buffer, eventId: number, expiresAtS: number): string {
  const payload = `${eventId}.${expiresAtS}`;
  return `${payload}.${mac(key, payload)}`;
}

export function verifyRecordingCookie(key: Buffer, value: string | undefined, eventId: number, nowS: number): boolean {
  const [event, expires, signature] = value?.split('.') ?? [];
  if (!event || !expires || !signature || event !== String(eventId) || !(Number(expires) > nowS)) return false;
  return sameHash(mac(key, `${event}.${expires}`), signature);
}

let cachedKey: Buffer | undefined;

/**
 * ASSET_SIGNING_KEY when set (several nodes must share it), else a random key kept in
 * DATA_DIR/.asset-signing-key so cookies survive a restart.
 */
export function signingKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (cachedKey) return cachedKey;
  const configured = env['ASSET_SIGNING_KEY']?.trim();
  if (configured) return (cachedKey = Buffer.from(configured));
  const file = join(dataDir, '.asset-signing-key');
  try {
    cachedKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const fresh = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 });
      cachedKey = Buffer.from(fresh, 'base64url');
    } catch {
      cachedKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'); // another node wrote it first
    }
  }
  return cachedKey;
}
