import { describe, expect, it, vi } from 'vitest';
import { coarseTimeUpdates } from '~/islands/stream/coarse-time-updates';

/* media-chrome hears a time update once per second of the stream, not four times. */
describe('coarseTimeUpdates', () => {
  function player() {
    let listener: ((event: Event) => void) | undefined;
    const host = {
      addEventListener: vi.fn((_type: string, fn: (event: Event) => void) => { listener = fn; }),
      removeEventListener: vi.fn(() => { listener = undefined; }),
    };
    const video = { currentTime: 0, parentElement: host } as unknown as HTMLVideoElement;
    /** A timeupdate at `time`; true when it went on to the video's own listeners. */
    const update = (time: number, target: unknown = video): boolean => {
      video.currentTime = time;
      const stopPropagation = vi.fn();
      listener?.({ target, stopPropagation } as unknown as Event);
      return stopPropagation.mock.calls.length === 0;
    };
    return { host, video, update, isListening: () => listener !== undefined };
  }

  it('lets through the first update of each second and stops the others', () => {
    const { host, video, update } = player();
    coarseTimeUpdates(video);
    expect(host.addEventListener).toHaveBeenCalledWith('timeupdate', expect.any(Function), { capture: true });
    expect([0.1, 0.35, 0.6, 0.85, 1.1, 1.35, 2.02].map((time) => update(time))).toEqual([true, false, false, false, true, false, true]);
  });

  it('lets the update through when the stream loops or is sought back', () => {
    const { video, update } = player();
    coarseTimeUpdates(video);
    update(9.5);
    expect(update(0.1)).toBe(true);
    expect(update(0.3)).toBe(false);
  });

  it('leaves events of other media alone and stops listening when removed', () => {
    const { video, update, isListening } = player();
    const remove = coarseTimeUpdates(video);
    update(3.1);
    expect(update(3.2, {})).toBe(true);
    remove();
    expect(isListening()).toBe(false);
  });
});
