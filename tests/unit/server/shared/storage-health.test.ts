import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROBE_INTERVAL_MS, storageHealth } from '~/server/shared/storage-health';

const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });

describe('storage health', () => {
  const health = storageHealth();
  beforeEach(() => health.reset());
  afterEach(() => health.reset());

  it('marks the database unreachable on a lost connection and probes until it answers again', async () => {
    // The fake clock runs the probe's interval: each step below is one probe round, exactly.
    vi.useFakeTimers();
    try {
      let isUp = false;
      let probes = 0;
      health.watch({ database: () => { probes += 1; return isUp ? Promise.resolve() : Promise.reject(lost); }, space: () => Promise.resolve() });
      expect(health.failed(lost)).toBe('unavailable');
      expect(health.state).toEqual({ isDatabaseReachable: false, hasSpace: true });
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
      expect(probes).toBe(1);
      expect(health.state.isDatabaseReachable).toBe(false);
      isUp = true;
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
      expect(probes).toBe(2);
      expect(health.state.isDatabaseReachable).toBe(true);
      // Reachable again, it stops probing.
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
      expect(probes).toBe(2);
    } finally {
      vi.useRealTimers();
    }
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
