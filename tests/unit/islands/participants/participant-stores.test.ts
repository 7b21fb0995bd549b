import { describe, expect, it } from 'vitest';
import { parseIdList } from '~/contracts/participants';
import { $onlineUserIds, applyOnlineChange } from '~/islands/participants/online.store';
import { countLabel } from '~/islands/participants/participants.store';

describe('online store', () => {
  it('applies who came online and who went offline', () => {
    $onlineUserIds.set(new Set([1, 2]));
    applyOnlineChange({ online: [3, 2], offline: [1, 9] });
    expect([...$onlineUserIds.get()].sort()).toEqual([2, 3]);
  });
});

describe('participant count label (docs/product.md §9)', () => {
  it('adds a plus sign while the last page came full', () => {
    const twenty = Array.from({ length: 20 }, () => ({}) as never);
    expect(countLabel({ participants: twenty, hasMore: true })).toBe('20+');
    expect(countLabel({ participants: twenty.slice(0, 7), hasMore: false })).toBe('7');
    expect(countLabel({ participants: [], hasMore: false })).toBe('0');
  });
});

describe('participants/{ids}', () => {
  it('reads 1 to 100 comma-separated ids, without repeats', () => {
    expect(parseIdList('3,1,3')).toEqual([3, 1]);
    expect(parseIdList('')).toBeUndefined();
    expect(parseIdList('1,,2')).toBeUndefined();
    expect(parseIdList('1,a')).toBeUndefined();
    expect(parseIdList(Array.from({ length: 101 }, (_, i) => i + 1).join(','))).toBeUndefined();
    expect(parseIdList(Array.from({ length: 100 }, (_, i) => i + 1).join(','))).toHaveLength(100);
  });
});
