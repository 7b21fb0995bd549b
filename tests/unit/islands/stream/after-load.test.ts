import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from '~/islands/stream/after-load';

/* The player loads after the page (its first paint and pictures), then when idle. */
describe('afterPageLoad', () => {
  let page: EventTarget;
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
    readyState = 'interactive';
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { get readyState() { return readyState; } });
    vi.stubGlobal('requestIdleCallback', (run: () => void, { timeout }: { timeout: number }) => setTimeout(run, Math.min(timeout, 50)) as unknown as number);
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, then for an idle moment', () => {
    const start = vi.fn();
    afterPageLoad(start);
    vi.advanceTimersByTime(5_000);
    expect(start).not.toHaveBeenCalled();
    readyState = 'complete';
    page.dispatchEvent(new Event('load'));
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at the next idle moment on a page that has loaded already', () => {
    readyState = 'complete';
    const start = vi.fn();
    afterPageLoad(start);
    vi.advanceTimersByTime(50);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never starts once cancelled, before or after the load', () => {
    const early = vi.fn();
    afterPageLoad(early)();
    const late = vi.fn();
    const cancelLate = afterPageLoad(late);
    readyState = 'complete';
    page.dispatchEvent(new Event('load'));
    cancelLate();
    vi.advanceTimersByTime(5_000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
