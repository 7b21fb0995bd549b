import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFileInput } from '~/contracts/event-file';
import { openDatabase, type Db } from '~/server/db/database';
import { call, startServer, type TestServer } from './harness';
import { json } from './member-helpers';
import { cookieOf } from './poll-results-helpers';

const TOKEN = 'test-admin-token-passwords-0123';
const admin = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
const SLUG = 'pwconf';
const HOST = `${SLUG}.localhost`;
const GENERIC = 'generic-results-1';
const MOOD = 'mood-only-pass-1';
const DOOR = 'door-staff-pass-1';

/** An event file whose poll `mood` has its own results password and whose admission area has its own. */
const baseFile = (): EventFileInput => ({
  slug: SLUG, name: 'Password conf', timeZone: 'Europe/Oslo', start: '+0d 09:00', end: '+1d 17:00',
  resultsPassword: GENERIC, participantsPassword: DOOR,
  polls: [
    { key: 'mood', title: 'Mood', question: 'How are you?', type: 'multipleAnswers', accessKey: 'pw-mood', resultsPassword: MOOD, alternatives: [{ text: 'Fine' }] },
    { key: 'other', title: 'Other', question: 'Which?', type: 'multipleAnswers', accessKey: 'pw-other', alternatives: [{ text: 'A' }] },
  ],
});

describe('event-file results passwords: per poll and admission (docs/event-files.md, docs/poll-results.md)', () => {
  let server: TestServer;
  let db: Db;
  let eventId: number;

  const importFile = (file: unknown) => call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers: admin, body: JSON.stringify(file) });
  const exportFile = async () => (await call(server, `/api/admin/events/${SLUG}/export`, { host: 'localhost', headers: admin })).json<Record<string, any>>();
  const pollLogin = async (password: string, pollAccessKey?: string) => {
    const res = await call(server, '/connect/poll', { host: HOST, ...json({ password, ...(pollAccessKey ? { pollAccessKey } : {}) }) });
    const body = res.json<{ isLoginSuccess: boolean; isGenericLogin: boolean; marker?: string }>();
    return { body, cookie: body.marker ? cookieOf(res, body.marker) : undefined };
  };
  const admissionLogin = async (password: string) => {
    const res = await call(server, '/connect/participant', { host: HOST, ...json({ password }) });
    return res.json() === false ? undefined : cookieOf(res, 'participant_results');
  };
  const results = (path: string, cookie: string) => call(server, `/api/liveEvent/${eventId}/${path}`, { host: HOST, headers: { cookie } });
  const admission = (cookie: string) => call(server, `/api/liveEvent/${eventId}/participantsAdmission`, { host: HOST, ...json({}), headers: { cookie, 'content-type': 'application/json' } });
  const storedHashes = async () => ({
    event: await db.kysely.selectFrom('events').select(['results_password_hash', 'participants_password_hash']).where('slug', '=', SLUG).executeTakeFirstOrThrow(),
    mood: (await db.kysely.selectFrom('polls').select('results_password_hash').where('access_key', '=', 'pw-mood').executeTakeFirstOrThrow()).results_password_hash,
  });

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: TOKEN } });
    db = openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
    const res = await importFile(baseFile());
    expect(res.status).toBe(200);
    eventId = res.json<{ eventId: number }>().eventId;
  });
  afterAll(async () => { await db?.close(); await server?.stop(); });

  it("opens only the poll's own key with its password; the generic password still opens every poll", async () => {
    const own = await pollLogin(MOOD, 'pw-mood');
    expect(own.body).toMatchObject({ isLoginSuccess: true, isGenericLogin: false, marker: 'private_results_pw-mood' });
    expect((await results('pollResults/pw-mood', own.cookie!)).status).toBe(200);
    expect((await results('pollResults/pw-other', own.cookie!)).status).toBe(403);
    expect((await pollLogin(MOOD, 'pw-other')).body.isLoginSuccess).toBe(false);
    expect((await pollLogin(MOOD)).body.isLoginSuccess).toBe(false);
    const generic = await pollLogin(GENERIC, 'pw-mood');
    expect(generic.body).toMatchObject({ isLoginSuccess: true, isGenericLogin: true });
    expect((await results('pollResults/pw-other', generic.cookie!)).status).toBe(200);
  });

  it('opens the admission calls with the admission password, not with the results one while it is set', async () => {
    const cookie = await admissionLogin(DOOR);
    expect(cookie).toBeDefined();
    expect((await admission(cookie!)).status).toBe(200);
    expect(await admissionLogin(GENERIC)).toBeUndefined();
    expect(await admissionLogin(MOOD)).toBeUndefined();
  });

  it('exports the two passwords as hashes only, and the export re-imports to the same hashes', async () => {
    const before = await storedHashes();
    expect(before.event.participants_password_hash).toMatch(/^scrypt\$/);
    expect(before.mood).toMatch(/^scrypt\$/);
    const exported = await exportFile();
    const text = JSON.stringify(exported);
    for (const secret of [GENERIC, MOOD, DOOR]) expect(text).not.toContain(secret);
    expect(exported['participantsPasswordHash']).toBe(before.event.participants_password_hash);
    expect(exported['polls'][0]).toMatchObject({ key: 'mood', resultsPasswordHash: before.mood });
    expect(exported['polls'][1]).not.toHaveProperty('resultsPasswordHash');
    expect((await importFile(exported)).status).toBe(200);
    expect(await storedHashes()).toEqual(before);
    // The same plain passwords again keep the stored hashes (no new salt).
    expect((await importFile(baseFile())).status).toBe(200);
    expect(await storedHashes()).toEqual(before);
  });

  it('keeps both passwords when a re-import leaves the fields out', async () => {
    const before = await storedHashes();
    const { participantsPassword: _door, ...file } = baseFile();
    const { resultsPassword: _mood, ...mood } = file.polls![0]!;
    expect((await importFile({ ...file, polls: [mood, file.polls![1]] })).status).toBe(200);
    expect(await storedHashes()).toEqual(before);
    expect((await pollLogin(MOOD, 'pw-mood')).body.isLoginSuccess).toBe(true);
    expect(await admissionLogin(DOOR)).toBeDefined();
  });

  it('removes them with null: the poll then opens with the generic password only, admission with the results password', async () => {
    const file = baseFile();
    const { participantsPassword: _door, ...rest } = file;
    const { resultsPassword: _mood, ...mood } = file.polls![0]!;
    const res = await importFile({ ...rest, participantsPasswordHash: null, polls: [{ ...mood, resultsPasswordHash: null }, file.polls![1]] });
    expect(res.status).toBe(200);
    expect(await storedHashes()).toMatchObject({ event: { participants_password_hash: null }, mood: null });
    expect((await pollLogin(MOOD, 'pw-mood')).body.isLoginSuccess).toBe(false);
    expect(await admissionLogin(DOOR)).toBeUndefined();
    const cookie = await admissionLogin(GENERIC);
    expect(cookie).toBeDefined();
    expect((await admission(cookie!)).status).toBe(200);
    // A new password in the file sets them again.
    expect((await importFile(baseFile())).status).toBe(200);
    expect((await pollLogin(MOOD, 'pw-mood')).body.isLoginSuccess).toBe(true);
  });

  it('refuses a short password or a foreign hash with 400 naming the field', async () => {
    const file = baseFile();
    const bad = { ...file, participantsPassword: 'short', polls: [{ ...file.polls![0]!, resultsPassword: undefined, resultsPasswordHash: '$2b$10$bcrypt' }, file.polls![1]] };
    const res = await importFile(bad);
    expect(res.status).toBe(400);
    const { issues } = res.json<{ issues: string[] }>();
    expect(issues).toContainEqual(expect.stringMatching(/^participantsPassword: must be at least 8 characters/));
    const hash = await importFile({ ...file, participantsPassword: undefined, participantsPasswordHash: 'plain-text', polls: bad.polls });
    expect(hash.json<{ issues: string[] }>().issues).toEqual(expect.arrayContaining([
      expect.stringMatching(/^participantsPasswordHash: is not a hash/), expect.stringMatching(/^polls\[0\]\.resultsPasswordHash: is not a hash/),
    ]));
  });
});
