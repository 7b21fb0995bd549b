import { describe, expect, it } from 'vitest';
import { createReadBatcher, padToPowerOfTwo } from '~/server/db/read-batcher';

/** A fetch that records the keys of each call and answers the even ones. */
function evenFetch() {
  const calls: number[][] = [];
  const fetch = (keys: number[]) => {
    calls.push(keys);
    return Promise.resolve(new Map(keys.filter((k) => k % 2 === 0).map((k) => [k, `row ${k}`])));
  };
  return { calls, fetch };
}

describe('the read batcher', () => {
  it('answers the reads asked in one turn of the event loop with one fetch, each key once', async () => {
    const { calls, fetch } = evenFetch();
    const read = createReadBatcher(fetch);
    const answers = await Promise.all([read(2), read(3), read(2), read(4)]);
    expect(answers).toEqual(['row 2', undefined, 'row 2', 'row 4']);
    expect(calls).toEqual([[2, 3, 4]]);
  });

  it('sends a read asked after a batch went out in a fetch of its own, never answered from the earlier one', async () => {
    const { calls, fetch } = evenFetch();
    const read = createReadBatcher(fetch);
    const first = read(2);
    await new Promise((resolve) => setImmediate(resolve));
    const second = read(2);
    expect(await Promise.all([first, second])).toEqual(['row 2', 'row 2']);
    expect(calls).toEqual([[2], [2]]);
  });

  it('splits a turn with more keys than its batch size into several fetches', async () => {
    const { calls, fetch } = evenFetch();
    const read = createReadBatcher(fetch, 2);
    await Promise.all([1, 2, 3, 4, 5].map(read));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the reads of a failed fetch', async () => {
    let failing = true;
    const read = createReadBatcher((keys: number[]) => {
      if (failing) return Promise.reject(new Error('database gone'));
      return Promise.resolve(new Map(keys.map((k) => [k, k * 10])));
    });
    const failed = await Promise.allSettled([read(1), read(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    expect(await read(1)).toBe(10);
  });
});

describe('padToPowerOfTwo', () => {
  it('repeats the last item up to the next power of two', () => {
    expect(padToPowerOfTwo(['a'])).toEqual(['a']);
    expect(padToPowerOfTwo(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'c']);
    expect(padToPowerOfTwo([1, 2, 3, 4, 5])).toHaveLength(8);
  });
});
