import { describe, expect, it } from 'vitest';
import { itemsFor, jsonFor, sliceOf, toSharedList } from '~/server/timeline/timeline-list';
import { toItem } from '~/server/timeline/timeline-view';
import { record } from './timeline-records';

describe('timeline lists: shaped once, answered per viewer', () => {
  const posts = [record(5), record(4), record(3), record(2)];
  const comments = [record(9, { inReplyTo: 4 }), record(8, { inReplyTo: 5 }), record(7, { inReplyTo: 4 })];
  const list = toSharedList(posts, comments, true);

  it('answers the same bytes as serialising each viewer\'s items', () => {
    const slice = sliceOf(list, 10)!;
    const liked = new Set([4, 2]);
    const expected = posts.map((p) => toItem(p, comments.filter((c) => c.inReplyTo === p.id), 77, liked.has(p.id)));
    expect(itemsFor(slice, 77, liked)).toEqual(expected);
    expect(jsonFor(slice, 77, liked)).toBe(JSON.stringify(expected));
    expect(jsonFor(slice, 77, new Set())).toBe(JSON.stringify(posts.map((p) => toItem(p, comments.filter((c) => c.inReplyTo === p.id), 77, false))));
  });

  it('keeps one viewer\'s likes out of another\'s answer', () => {
    const slice = sliceOf(list, 2)!;
    expect(itemsFor(slice, 1, new Set([5])).map((i) => [i.isLiked, i.LikedBy])).toEqual([[true, [1]], [false, []]]);
    expect(itemsFor(slice, 2, new Set()).map((i) => [i.isLiked, i.LikedBy])).toEqual([[false, []], [false, []]]);
    expect(list.json.join('')).not.toContain('isLiked');
  });

  it('pages by the before cursor and tells the next cursor while older items are held', () => {
    expect(sliceOf(list, 2)).toMatchObject({ start: 0, end: 2, nextBefore: 4 });
    expect(sliceOf(list, 2, 4)).toMatchObject({ start: 2, end: 4, nextBefore: null });
    expect(sliceOf(list, 5, 2)).toMatchObject({ start: 4, end: 4, nextBefore: null });
    expect(jsonFor(sliceOf(list, 5, 2)!, 1, new Set())).toBe('[]');
    expect(sliceOf(list, 2, 999)).toBeUndefined();
  });

  it('leaves to the database a page that runs past a list holding only the newest items', () => {
    const window = toSharedList(posts, [], false);
    expect(sliceOf(window, 3)).toMatchObject({ start: 0, end: 3, nextBefore: 3 });
    expect(sliceOf(window, 4)).toBeUndefined();
    expect(sliceOf(window, 2, 4)).toBeUndefined();
  });
});
