import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '~/server/db/database';
import { fixture, runEventCli } from './event-file-cli';
import { call, startServer, type TestServer } from './harness';

const small = () => JSON.parse(readFileSync(fixture('small.event.json'), 'utf8')) as Record<string, any>;
const work = mkdtempSync(join(tmpdir(), 'ep-event-file-'));
const writeTemp = (name: string, data: unknown) => {
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
};

// Each test spawns the CLI through tsx, which compiles on start: slow on a busy two-core machine.
describe('event files through the CLI', { timeout: 120_000 }, () => {
  let server: TestServer;
  let db: Db;
  const idsByKey = async (table: 'sessions' | 'speakers' | 'polls' | 'sponsors') =>
    Object.fromEntries((await db.kysely.selectFrom(table).select(['id', 'key']).execute()).map((r) => [r.key, r.id]));
  const eventCount = async () => (await db.kysely.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0' } });
    db = openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
  });

  it('imports a file into the server\'s database and the server then serves that event by host', async () => {
    expect((await call(server, '/', { host: 'smallconf.localhost' })).status).toBe(404);
    const run = await runEventCli(server, ['import', fixture('small.event.json')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Created event "smallconf" \(id \d+, version 1\).*3 users/);
    const res = await call(server, '/', { host: 'smallconf.localhost' });
    expect(res.status).toBe(302);
  });

  it('re-imports in place: ids and bookings survive, rows the file dropped are deleted', async () => {
    const before = await idsByKey('sessions');
    const speakersBefore = await idsByKey('speakers');
    const ada = await db.kysely.selectFrom('users').select('id').where('email', '=', 'ada@example.org').executeTakeFirstOrThrow();
    await db.kysely.insertInto('session_bookings').values({ session_id: before['opening']!, user_id: ada.id, created_at: new Date().toISOString() }).execute();

    const changed = small();
    changed['sessions'] = changed['sessions'].filter((s: { key: string }) => s.key !== 'workshop');
    changed['sessions'][0].title = 'Grand opening';
    changed['sessions'][0].speakers = ['grace'];
    changed['speakers'] = changed['speakers'].filter((s: { key: string }) => s.key !== 'alan');
    changed['polls'][2].items.pop();
    const run = await runEventCli(server, ['import', writeTemp('changed.json', changed)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Updated event "smallconf" .*version 2/);

    const after = await idsByKey('sessions');
    expect(after).toEqual({ opening: before['opening'], breakout: before['breakout'] });
    expect(await idsByKey('speakers')).toEqual({ grace: speakersBefore['grace'] });
    expect(Object.keys(await idsByKey('polls')).sort()).toEqual(['coded', 'mood', 'quiz', 'quiz-1']);
    const opening = await db.kysely.selectFrom('sessions').select('title').where('id', '=', before['opening']!).executeTakeFirstOrThrow();
    expect(opening.title).toBe('Grand opening');
    const bookings = await db.kysely.selectFrom('session_bookings').select('session_id').execute();
    expect(bookings.map((b) => b.session_id)).toEqual([before['opening']]);
    const links = await db.kysely.selectFrom('session_speakers').select('speaker_id').where('session_id', '=', before['opening']!).execute();
    expect(links.map((l) => l.speaker_id)).toEqual([speakersBefore['grace']]);
  });

  it('refuses a bad file with exit code 1, the field path in its output, and writes nothing', async () => {
    const events = await eventCount();
    const run = await runEventCli(server, ['import', fixture('invalid.event.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('nothing was written');
    expect(run.stderr).toContain('users[1].email: must be an e-mail address');
    expect(await eventCount()).toBe(events);
    expect((await call(server, '/', { host: 'brokenconf.localhost' })).status).toBe(404);

    const dangling = small();
    dangling['sessions'][0].speakers = ['nobody'];
    dangling['name'] = 'Must not be saved';
    const second = await runEventCli(server, ['import', writeTemp('dangling.json', dangling)]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('sessions[0].speakers[0]: unknown speaker "nobody"');
    const event = await db.kysely.selectFrom('events').select(['name', 'version']).where('slug', '=', 'smallconf').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ name: 'Small Conference' });
    expect(event.version).toBe(2);
  });

  it('exports a file that re-imports to the same export, with hashes and no plain passwords', async () => {
    const first = join(work, 'export-1.json');
    expect((await runEventCli(server, ['export', 'smallconf', '--out', first])).code).toBe(0);
    const exported = readFileSync(first, 'utf8');
    expect(exported).not.toContain('ada-password');
    expect(exported).toContain('"passwordHash": "scrypt$');
    // The holding picture goes in and out with the file (docs/event-files.md).
    expect((JSON.parse(exported) as { holdingImageUrl?: string }).holdingImageUrl).toBe('/uploads/holding.webp');
    // Ticket keys travel too, so re-importing keeps every ticket link and admission QR working.
    const keys = (JSON.parse(exported) as { users: { ticketKey?: string }[] }).users.map((u) => u.ticketKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await runEventCli(server, ['import', first])).code).toBe(0);
    const second = await runEventCli(server, ['export', 'smallconf']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(exported));
  });

  it('starts the round of a poll the file opens and keeps a running one through re-imports, closing included', async () => {
    const openedAt = async () => Object.fromEntries((await db.kysely.selectFrom('polls').select(['key', 'opened_at']).where('parent_id', 'is', null).execute()).map((r) => [r.key, r.opened_at]));
    const first = await openedAt();
    for (const key of ['mood', 'coded', 'quiz']) expect(first[key], key).toMatch(/^\d{4}-\d\d-\d\dT/);
    const closing = small();
    closing['polls'][0].open = false;
    expect((await runEventCli(server, ['import', writeTemp('closing.json', closing)])).code).toBe(0);
    expect(await openedAt()).toEqual(first);
  });

  it('reports an unknown slug on export with exit code 1', async () => {
    const run = await runEventCli(server, ['export', 'nosuchevent']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No event with slug "nosuchevent"');
  });
});
