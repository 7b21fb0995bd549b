import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateWhenShown } from '~/islands/hydration/when-shown';

type Observed = (entries: { isIntersecting: boolean }[]) => void;

class FakeElement extends EventTarget {
  isConnected = true;
  readonly pressed = vi.fn();
  constructor(readonly isButton = false, readonly children: FakeElement[] = [], readonly parentElement: FakeElement | null = null) { super(); }
  closest(selector: string) { return selector === 'button' && this.isButton ? this : null; }
  click() { this.pressed(); }
}

/** A click as it reaches the island, from `target` inside it. */
function clickOn(island: FakeElement, target: FakeElement): Event {
  const event = new Event('click', { cancelable: true });
  Object.defineProperty(event, 'target', { value: target });
  island.dispatchEvent(event);
  return event;
}

/* The avatar menu's entries hydrate when it first opens, and lose no press. */
describe('hydrateWhenShown', () => {
  let observed: Observed | undefined;
  let watched: unknown[];

  beforeEach(() => {
    observed = undefined;
    watched = [];
    vi.stubGlobal('Element', FakeElement);
    vi.stubGlobal('IntersectionObserver', class {
      constructor(callback: Observed) { observed = callback; }
      observe(target: unknown) { watched.push(target); }
      disconnect() { observed = undefined; }
    });
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('hydrates only once what the island rendered shows', async () => {
    const button = new FakeElement(true);
    const island = new FakeElement(false, [button]);
    const hydrate = vi.fn(() => Promise.resolve());
    hydrateWhenShown(hydrate, island as unknown as HTMLElement);
    expect(watched).toEqual([button]);
    observed?.([{ isIntersecting: false }]);
    expect(hydrate).not.toHaveBeenCalled();
    observed?.([{ isIntersecting: true }]);
    await vi.waitFor(() => { expect(hydrate).toHaveBeenCalledOnce(); });
    expect(button.pressed).not.toHaveBeenCalled();
  });

  it('watches its parent while it has rendered nothing', () => {
    const parent = new FakeElement();
    hydrateWhenShown(() => Promise.resolve(), new FakeElement(false, [], parent) as unknown as HTMLElement);
    expect(watched).toEqual([parent]);
  });

  it('presses a button pressed before hydration again once the island has hydrated', async () => {
    const button = new FakeElement(true);
    const island = new FakeElement(false, [button]);
    let hydrated = false;
    const hydrate = vi.fn(async () => { await Promise.resolve(); hydrated = true; });
    button.pressed.mockImplementation(() => { expect(hydrated).toBe(true); });
    hydrateWhenShown(hydrate, island as unknown as HTMLElement);
    const event = clickOn(island, button);
    expect(event.defaultPrevented).toBe(true);
    expect(hydrate).toHaveBeenCalledOnce();
    await vi.waitFor(() => { expect(button.pressed).toHaveBeenCalledOnce(); });
    // Hydrated, the island handles its own clicks: nothing is held back any more.
    expect(clickOn(island, button).defaultPrevented).toBe(false);
    observed?.([{ isIntersecting: true }]);
    expect(hydrate).toHaveBeenCalledOnce();
  });
});
