import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import hydrateAfterLoad from '~/islands/hydration/after-load.directive';

type Observed = (entries: { isIntersecting: boolean }[]) => void;

/* The stage's and web app's islands request nothing before the page has loaded. */
describe('client:afterload', () => {
  let page: EventTarget;
  let readyState: DocumentReadyState;
  let observed: Observed | undefined;
  const island = (children: number) => ({ children: Array.from({ length: children }, () => ({})) }) as unknown as HTMLElement;
  const options = (value: string) => ({ name: 'afterload', value });
  const loaded = () => {
    readyState = 'complete';
    page.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(50);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
    readyState = 'interactive';
    observed = undefined;
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { get readyState() { return readyState; } });
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 50) as unknown as number);
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    vi.stubGlobal('IntersectionObserver', class {
      constructor(callback: Observed) { observed = callback; }
      observe() { /* the test calls `observed` itself */ }
      disconnect() { observed = undefined; }
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the island only after the page load event and an idle moment', async () => {
    const hydrate = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(hydrate));
    hydrateAfterLoad(load, options(''), island(1));
    vi.advanceTimersByTime(5_000);
    expect(load).not.toHaveBeenCalled();
    loaded();
    await vi.waitFor(() => { expect(hydrate).toHaveBeenCalledOnce(); });
  });

  it('with "visible", also waits until the island is on screen', async () => {
    const hydrate = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(hydrate));
    hydrateAfterLoad(load, options('visible'), island(1));
    loaded();
    expect(load).not.toHaveBeenCalled();
    observed?.([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    observed?.([{ isIntersecting: true }]);
    await vi.waitFor(() => { expect(hydrate).toHaveBeenCalledOnce(); });
  });

  it('in a panel added after the load, waits only until the island is on screen', async () => {
    readyState = 'complete';
    const hydrate = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(hydrate));
    hydrateAfterLoad(load, options('visible'), island(1));
    observed?.([{ isIntersecting: true }]);
    await vi.waitFor(() => { expect(hydrate).toHaveBeenCalledOnce(); });
  });
});
