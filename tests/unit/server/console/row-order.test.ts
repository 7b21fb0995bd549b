import { describe, expect, it } from 'vitest';
import { checkOrder, newKey } from '~/server/console/speaker-editing.service';

describe('console rows: order and keys', () => {
  it('accepts a new order only when it names every row once', () => {
    expect(() => checkOrder([3, 1, 2], [1, 2, 3])).not.toThrow();
    for (const ids of [[1, 2], [1, 2, 3, 4], [1, 1, 2], [1, 2, 9]]) {
      expect(() => checkOrder([3, 1, 2], ids), JSON.stringify(ids)).toThrow(expect.objectContaining({ code: 'console.invalid', details: { field: 'ids' } }) as Error);
    }
  });

  it('makes keys the event file accepts, a new one each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newKey('speaker')));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9][a-z0-9._-]{0,79}$/i);
  });
});
