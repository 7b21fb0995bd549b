import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventInfo } from '~/contracts/event-info';
import { hashPassword } from '~/server/shared/password';
import { createMemoryLimitStore } from '~/server/shared/limit-store';
import { createWindowLimiter } from '~/server/shared/limiter';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import type { Delivery } from '~/server/delivery/delivery.service';
import { createLoginRepository } from '~/server/login/login.repository';
import { createLoginLinkService, LINK_LIFETIME_MS } from '~/server/login/login-link.service';
import { createSignupConfirmationRepository } from '~/server/login/signup-confirmation.repository';
import { PENDING_PASSWORD_LIFETIME_MS } from '~/server/login/recovery.service';
import { newPassword, newPin, phoneDigits } from '~/server/shared/secrets';
import { createTwoFactorService, PIN_LIFETIME_MS } from '~/server/login/two-factor.service';
import { createUserRepository } from '~/server/users/user.repository';

/** A clock the test moves by hand. */
function fakeClock(start = Date.parse('2025-06-02T08:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => { now += ms; } };
}

const sent: { kind: string; values: Record<string, string> }[] = [];
const fakeDelivery: Delivery = {
  email: (_to, kind, _locale, values) => { sent.push({ kind, values }); return Promise.resolve(); },
  sms: (_to, kind, _locale, values) => { sent.push({ kind, values }); return Promise.resolve(); },
  send: () => Promise.resolve(),
};
const unlimited = () => createWindowLimiter({ store: createMemoryLimitStore(), name: 'test', limit: 1000, windowMs: 60_000 });

describe('identity secrets with a fake clock', () => {
  let db: Db;
  let userId: number;
  const event = { eventId: 0, eventName: 'Test', locale: 'en', isTwoFactor: true, features: {} } as unknown as EventInfo;

  beforeAll(async () => {
    db = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-id-')) });
    await migrateToLatest(db);
    const ev = await db.kysely.insertInto('events').values({
      slug: 'unit', name: 'Unit', start_date: '2025-06-02T07:00:00Z', end_date: '2025-06-03T07:00:00Z', updated_at: '2025-06-01T00:00:00Z',
      language_id: '1', time_zone: 'UTC', is_active: true, is_registration_open: false, is_two_factor: true, live_lobby: true, live_stage: true, live_web_app: false,
      captions: '{}', features: '{}', branding: '{}',
    }).returning('id').executeTakeFirstOrThrow();
    event.eventId = Number(ev.id);
    const user = await db.kysely.insertInto('users').values({
      event_id: event.eventId, email: 'pin@example.org', password_hash: await hashPassword('pw-pw-pw'), first_name: 'P', last_name: 'In',
      phone: '+47 900 00 000', calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: '2025-06-01T00:00:00Z',
    }).returning('id').executeTakeFirstOrThrow();
    userId = Number(user.id);
  });
  afterAll(async () => { await db?.close(); });

  const services = () => {
    const clock = fakeClock();
    const repository = createLoginRepository(db);
    const users = createUserRepository(db);
    return {
      clock,
      repository,
      twoFactor: createTwoFactorService({ repository, users, delivery: fakeDelivery, accountLimiter: unlimited(), addressLimiter: unlimited(), clock: clock.now }),
      links: createLoginLinkService({ repository, users, signups: createSignupConfirmationRepository(db), delivery: fakeDelivery, linkLimiter: unlimited(), addressLimiter: unlimited(), clock: clock.now }),
    };
  };

  async function requestPin(s: ReturnType<typeof services>): Promise<{ pinId: string; pin: string }> {
    const before = sent.length;
    const pinId = await s.twoFactor.requestPin({ event, email: 'pin@example.org', address: 'test' });
    // The pin is texted after the answer: wait until it went out.
    await vi.waitFor(() => expect(sent).toHaveLength(before + 1), { timeout: 5000, interval: 5 });
    return { pinId, pin: sent.at(-1)!.values['pin']! };
  }

  it('accepts a pin just before five minutes and refuses it at five minutes', async () => {
    const s = services();
    const early = await requestPin(s);
    s.clock.advance(PIN_LIFETIME_MS - 1000);
    await expect(s.twoFactor.verify({ eventId: event.eventId, userId, ...early })).resolves.toBeUndefined();
    const late = await requestPin(s);
    s.clock.advance(PIN_LIFETIME_MS);
    await expect(s.twoFactor.verify({ eventId: event.eventId, userId, ...late })).rejects.toMatchObject({ code: 'auth.pin_expired' });
  });

  it('uses a pin once, binds it to its user and ends it after five wrong tries', async () => {
    const s = services();
    const once = await requestPin(s);
    await expect(s.twoFactor.verify({ eventId: event.eventId, userId: userId + 1, ...once })).rejects.toMatchObject({ code: 'auth.pin_invalid' });
    await s.twoFactor.verify({ eventId: event.eventId, userId, ...once });
    await expect(s.twoFactor.verify({ eventId: event.eventId, userId, ...once })).rejects.toMatchObject({ code: 'auth.pin_expired' });

    const guessed = await requestPin(s);
    const wrong = guessed.pin === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      await expect(s.twoFactor.verify({ eventId: event.eventId, userId, pinId: guessed.pinId, pin: wrong })).rejects.toMatchObject({ code: 'auth.pin_invalid' });
    }
    await expect(s.twoFactor.verify({ eventId: event.eventId, userId, ...guessed })).rejects.toMatchObject({ code: 'auth.pin_expired' });
  });

  it('stores pins and link tokens only as hashes', async () => {
    const s = services();
    const { pinId, pin } = await requestPin(s);
    const row = await s.repository.findPin(pinId);
    expect(row?.pinHash).not.toContain(pin);
    const token = await s.links.issue(event.eventId, userId);
    const stored = await db.kysely.selectFrom('login_links').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('lets a login link work once within 30 minutes', async () => {
    const s = services();
    const token = await s.links.issue(event.eventId, userId);
    s.clock.advance(LINK_LIFETIME_MS - 1000);
    await expect(s.links.consume(event.eventId, token)).resolves.toBe(userId);
    await expect(s.links.consume(event.eventId, token)).rejects.toMatchObject({ code: 'auth.link_expired' });
    const late = await s.links.issue(event.eventId, userId);
    s.clock.advance(LINK_LIFETIME_MS);
    await expect(s.links.consume(event.eventId, late)).rejects.toMatchObject({ code: 'auth.link_expired' });
    await expect(s.links.consume(event.eventId + 1, await s.links.issue(event.eventId, userId))).rejects.toMatchObject({ code: 'auth.link_expired' });
  });

  it('lets a pending password lapse after a day', async () => {
    const repository = createLoginRepository(db);
    const created = Date.parse('2025-06-02T08:00:00Z');
    await repository.putPendingPassword({ userId, passwordHash: 'h', createdAt: new Date(created).toISOString(), expiresAt: new Date(created + PENDING_PASSWORD_LIFETIME_MS).toISOString() });
    expect(await repository.findPendingPassword(userId, new Date(created + PENDING_PASSWORD_LIFETIME_MS - 1).toISOString())).toBe('h');
    expect(await repository.findPendingPassword(userId, new Date(created + PENDING_PASSWORD_LIFETIME_MS).toISOString())).toBeUndefined();
  });

  it('makes 6-digit pins, unambiguous passwords and compares phones by digits', () => {
    for (let i = 0; i < 200; i += 1) expect(newPin()).toMatch(/^\d{6}$/);
    expect(newPassword()).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{12}$/);
    expect(phoneDigits('+47 412 34 567')).toBe('4741234567');
  });
});
