import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAttendee } from './attendee-factory';
import { factories } from './factories';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { json, login, newUser } from './login-helpers';
import { until } from './ops-helpers';

/** A data directory on a file system of its own, small enough to fill in a moment. */
const MOUNT_MB = 48;

/** Mounts a tmpfs of MOUNT_MB at a fresh directory; undefined with the reason when this machine cannot. */
function mountSmallDisk(): { dir: string } | { reason: string } {
  // With PostgreSQL the database is not on DATA_DIR: this is the embedded default's test (npm test runs it).
  if (process.env['TEST_DATABASE_URL']) return { reason: 'the embedded database only; this run uses PostgreSQL' };
  const dir = mkdtempSync(join(tmpdir(), 'ep-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${MOUNT_MB}m`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `cannot mount a small tmpfs here (needs root and mount rights): ${(error as Error).message.split('\n')[0]}` };
  }
}

/** Whether this process holds CAP_SYS_ADMIN (bit 21 of its effective capabilities), the right mount needs. */
function canMount(): boolean {
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('CapEff:'));
  return line !== undefined && (BigInt(`0x${line.slice('CapEff:'.length).trim()}`) & (1n << 21n)) !== 0n;
}

/** Writes a filler file until the disk says ENOSPC; returns its path. */
function fillDisk(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // The last few bytes too: nothing is left for the server.
  try {
    for (;;) writeSync(fd, chunk.subarray(0, 512));
  } catch { /* full */ }
  closeSync(fd);
  return file;
}

const uploadsOf = (dataDir: string, eventId: number): string[] => {
  try {
    return readdirSync(join(dataDir, 'uploads', String(eventId)));
  } catch {
    return [];
  }
};

describe('the embedded database on a full disk', () => {
  const disk = mountSmallDisk();
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    if ('dir' in disk) {
      execFileSync('umount', [disk.dir]);
      rmSync(disk.dir, { recursive: true, force: true });
    }
  });

  let event: { id: number; host: string };
  let attendee: { auth: Record<string, string> };
  let account: { email: string; password: string };
  let pollId: number;
  let alternative: number;
  beforeAll(async () => {
    if (!('dir' in disk)) return;
    server = await startServer({ dataDir: disk.dir, env: { SEED_DEMO: '0' } });
    const f = factories(server);
    event = await f.newEvent();
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    pollId = poll.id;
    alternative = poll.alternatives[0]!;
    attendee = await newAttendee(f, event.id);
    account = await newUser(f, event.id);
    await f.close();
  });

  it('answers writes 507 naming the full disk, leaves no partial upload, is not ready, keeps reads, and recovers once space is freed', async (context) => {
    // CI with mount rights must run it: a skip there would drop the proof without a word.
    if (!('dir' in disk) && process.env['CI'] && !process.env['TEST_DATABASE_URL'] && canMount()) expect.fail(`the full-disk test cannot run in CI: ${disk.reason}`);
    if (!('dir' in disk)) return context.skip(disk.reason);
    const s = server!;
    const api = `/api/liveEvent/${event.id}`;
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#204080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    const avatar = () => call(s, `${api}/uploadUserAvatar`, { host: event.host, ...json({ name: 'me.png', image: `data:image/png;base64,${png.toString('base64')}` }, attendee.auth) });
    const vote = () => call(s, `${api}/liveStorePollAnswer`, {
      host: event.host, ...json({ PollID: pollId, QuestionType: 0, Alternatives: [alternative] }, attendee.auth),
    });
    const signIn = () => login(s, event.host, String(event.id), account.email, account.password);
    const read = () => call(s, `${api}/getOwnUserInfoFromSession`, { host: event.host, headers: attendee.auth });
    expect((await read()).status).toBe(200);

    const filler = fillDisk(disk.dir);
    const writes: HttpResponse[] = [await signIn(), await vote()];
    // A database write may still fit in the journal's spare pages: more logins need more of them.
    for (let i = 0; i < 50 && writes.at(-1)!.status === 200; i += 1) writes.push(await signIn());
    for (const answer of writes) expect([200, 507]).toContain(answer.status);
    const refused = writes.find((answer) => answer.status === 507);
    expect(refused?.json()).toMatchObject({ error: 'storage.insufficient', message: expect.stringMatching(/disk space/) as string });
    const notReady = await call(s, '/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.json()).toMatchObject({ ok: false, database: true, storage: false });
    expect((await read()).status).toBe(200);
    // The avatar's bytes do not fit: nothing of them is left on the disk.
    const upload = await avatar();
    expect(upload.status).toBe(507);
    expect(upload.json()).toMatchObject({ error: 'storage.insufficient' });
    expect(uploadsOf(disk.dir, event.id)).toEqual([]);

    unlinkSync(filler);
    await until(async () => (await call(s, '/readyz')).status === 200, 10_000);
    const saved = await avatar();
    expect(saved.status).toBe(200);
    expect(uploadsOf(disk.dir, event.id)).toHaveLength(1);
    expect((await signIn()).status).toBe(200);
    expect((await vote()).status).toBe(200);
    expect(s.logs.some((line) => line.includes('out of disk space'))).toBe(true);
    expect(s.logs.some((line) => line.includes('unhandled error'))).toBe(false);
  }, 120_000);
});
