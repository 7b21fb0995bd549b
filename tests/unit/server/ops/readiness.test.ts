import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/database';
import type { Db } from '~/server/db/database';
import { createHealthRepository } from '~/server/ops/health.repository';
import type { OpsState } from '~/server/ops/instruments';
import { readiness as check } from '~/server/ops/readiness';

describe('readiness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ep-ready-'));
  const db = openDatabase({ dataDir: dir });
  afterAll(async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); });
  const readiness = (state: OpsState, on: Db, brokerConnected: () => boolean) => {
    const health = createHealthRepository(on);
    return check({ state, databaseAnswers: (ms) => health.answers(ms), brokerConnected });
  };
  const state = (fields: Partial<OpsState>): OpsState => ({ migrated: true, draining: false, inFlight: 0, lagMs: 0, busy: 0, ...fields });

  it('is ready when migrated, the database answers and the broker is connected', async () => {
    expect(await readiness(state({}), db, () => true)).toEqual({ ready: true, checks: { migrations: true, database: true, broker: true, draining: false } });
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
});
