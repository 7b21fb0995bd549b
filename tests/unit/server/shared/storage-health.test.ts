import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBE_INTERVAL_MS, storageHealth } from '~/server/shared/storage-health';

const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('storage health', () => {
  const health = storageHealth();
  beforeEach(() => health.reset());
  afterEach(() => health.reset());

  it('marks the database unreachable on a lost connection and probes until it answers again', async () => {
    let isUp = false;
    health.watch({ database: () => (isUp ? Promise.resolve() : Promise.reject(lost)), space: () => Promise.resolve() });
    expect(health.failed(lost)).toBe('unavailable');
    expect(health.state).toEqual({ isDatabaseReachable: false, hasSpace: true });
    await sleep(PROBE_INTERVAL_MS * 1.5);
    expect(health.state.isDatabaseReachable).toBe(false);
    isUp = true;
    await sleep(PROBE_INTERVAL_MS * 1.5);
    expect(health.state.isDatabaseReachable).toBe(true);
  });

  it('marks the disk full on a write out of space; a read proves nothing, a write or the probe clears it', () => {
    health.watch({ database: () => Promise.resolve(), space: () => Promise.reject(full) });
    expect(health.failed(full)).toBe('full');
    expect(health.state.hasSpace).toBe(false);
    health.succeeded(false);
    expect(health.state.hasSpace).toBe(false);
    health.succeeded(true);
    expect(health.state.hasSpace).toBe(true);
  });

  it('changes nothing for errors that are no storage fault, or a locked database', () => {
    expect(health.failed(new Error('boom'))).toBeUndefined();
    expect(health.failed(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }))).toBe('busy');
    expect(health.state).toEqual({ isDatabaseReachable: true, hasSpace: true });
  });
});
