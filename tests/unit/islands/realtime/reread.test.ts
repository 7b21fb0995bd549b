import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rereader } from '~/islands/realtime/reread';

describe('rereader', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('reads at once, folds a burst of asks into one more read after the rest, and reads at once again when rested', async () => {
    const read = vi.fn(() => Promise.resolve());
    const ask = rereader(read, 1000);
    ask();
    expect(read).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) ask();
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(2);
    ask();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('rests after a failed read as after a good one', async () => {
    const read = vi.fn(() => Promise.reject(new Error('offline')));
    const ask = rereader(() => read().catch(() => undefined), 1000);
    ask();
    ask();
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
