import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/database';
import type { Db } from '~/server/db/database';
import { createHealthRepository } from '~/server/ops/health.repository';
import type { OpsState } from '~/server/ops/instruments';
import { readiness as check } from '~/server/ops/readiness';
import type { StorageState } from '~/server/shared/storage-health';

describe('readiness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ep-ready-'));
  const db = openDatabase({ dataDir: dir });
  afterAll(async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); });
  const healthy: StorageState = { isDatabaseReachable: true, hasSpace: true };
  const readiness = (state: OpsState, on: Db, brokerConnected: () => boolean, storage = healthy) => {
    const health = createHealthRepository(on);
    return check({ state, storage, databaseAnswers: (ms) => health.answers(ms), brokerConnected });
  };
  const state = (fields: Partial<OpsState>): OpsState => ({ migrated: true, draining: false, inFlight: 0, receiving: 0, lastShedAt: Number.NEGATIVE_INFINITY, lagMs: 0, busy: 0, ...fields });

  it('is ready when migrated, the database answers and the broker is connected', async () => {
    expect(await readiness(state({}), db, () => true)).toEqual({ ready: true, checks: { migrations: true, database: true, storage: true, broker: true, draining: false }, load: { inFlight: 0, receiving: 0, shedding: false } });
  });

  it('is not ready before migrations, without the broker, or while draining', async () => {
    expect((await readiness(state({ migrated: false }), db, () => true)).ready).toBe(false);
    expect(await readiness(state({}), db, () => false)).toMatchObject({ ready: false, checks: { broker: false, database: true } });
    expect(await readiness(state({ draining: true }), db, () => true)).toMatchObject({ ready: false, checks: { draining: true } });
  });

  it('is not ready when the database does not answer', async () => {
    // Nothing listens on port 1: the pool's connection is refused.
    const unreachable = openDatabase({ dataDir: dir, databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      expect(await readiness(state({}), unreachable, () => true)).toMatchObject({ ready: false, checks: { database: false } });
    } finally {
      await unreachable.close();
    }
  });

  it('is not ready while writes find no disk space, though the database answers', async () => {
    expect(await readiness(state({}), db, () => true, { ...healthy, hasSpace: false })).toMatchObject({ ready: false, checks: { database: true, storage: false } });
  });

  it('does not ask a database the node could not reach: the storage probe brings it back', async () => {
    let isAsked = false;
    const result = await check({ state: state({}), storage: { ...healthy, isDatabaseReachable: false }, databaseAnswers: () => { isAsked = true; return Promise.resolve(true); }, brokerConnected: () => true });
    expect(result).toMatchObject({ ready: false, checks: { database: false, storage: true } });
    expect(isAsked).toBe(false);
  });

  it('says for a second after a refusal that the node sheds, with what it carries, and stays ready', async () => {
    const result = await check({ state: state({ inFlight: 30, receiving: 12, lastShedAt: 5000 }), storage: healthy, databaseAnswers: () => Promise.resolve(true), brokerConnected: () => true }, 5600);
    expect(result).toMatchObject({ ready: true, load: { inFlight: 30, receiving: 12, shedding: true } });
    const later = await check({ state: state({ lastShedAt: 5000 }), storage: healthy, databaseAnswers: () => Promise.resolve(true), brokerConnected: () => true }, 6001);
    expect(later.load.shedding).toBe(false);
  });
});
