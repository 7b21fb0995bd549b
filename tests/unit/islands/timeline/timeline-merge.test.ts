import { describe, expect, it } from 'vitest';
import type { TimelineComment, TimelineEntry, TimelineItem } from '~/contracts/timeline';
import * as merge from '~/islands/timeline/timeline-merge';

const ME = 7;
const entry = (id: number, fields: Partial<TimelineEntry> = {}): TimelineEntry => ({
  TimelineID: id, Author: null, CreatedOn: '2025-06-02T08:00:00.000Z', Tid: 0, ToDateTicks: 0, Message: `post ${id}`, imageUrls: [],
  Likes: 0, isPromo: '0', LinkMode: null, Promolink: null, Promolinktext: null, PlatformDisplayOptions: ['digital', 'webApp'], CommentCount: 0, ...fields,
});
const item = (id: number, fields: Partial<TimelineItem> = {}): TimelineItem => ({ ...entry(id), Comments: [], LikedBy: [], isLiked: false, ...fields });
const comment = (id: number, inReplyTo: number): TimelineComment => ({
  TimelineID: id, inReplyTo, Author: null, CreatedOn: '2025-06-02T08:00:00.000Z', Tid: 0, ToDateTicks: 0, Message: `c ${id}`, imageUrls: [],
});

describe('timeline-merge: realtime frames into the viewer\'s list', () => {
  it('adds a post once, at the top, only for its platforms', () => {
    const list = [item(1)];
    expect(merge.addItem(list, entry(2), 'digital').map((i) => i.TimelineID)).toEqual([2, 1]);
    expect(merge.addItem(list, entry(1), 'digital')).toBe(list);
    expect(merge.addItem(list, entry(3, { PlatformDisplayOptions: ['webApp'] }), 'digital')).toBe(list);
  });

  it("keeps the viewer's like and comments when another attendee's like arrives", () => {
    const list = [item(1, { isLiked: true, LikedBy: [ME], Likes: 1, Comments: [comment(5, 1)], CommentCount: 1 })];
    const [after] = merge.modifyItem(list, entry(1, { Likes: 2, CommentCount: 1 }), ME, { userId: 99, isLiked: true });
    expect(after).toMatchObject({ Likes: 2, isLiked: true, LikedBy: [ME], Comments: [comment(5, 1)] });
  });

  it("takes the viewer's own like from another tab's frame", () => {
    const [after] = merge.modifyItem([item(1)], entry(1, { Likes: 1 }), ME, { userId: ME, isLiked: true });
    expect(after).toMatchObject({ Likes: 1, isLiked: true, LikedBy: [ME] });
  });

  it('adds comments newest first once, and removes them', () => {
    let list = [item(1)];
    list = merge.addComment(list, comment(5, 1));
    list = merge.addComment(list, comment(6, 1));
    list = merge.addComment(list, comment(6, 1));
    expect(list[0]!.Comments.map((c) => c.TimelineID)).toEqual([6, 5]);
    expect(list[0]!.CommentCount).toBe(2);
    list = merge.removeComment(list, 1, 5);
    expect(list[0]).toMatchObject({ CommentCount: 1, Comments: [comment(6, 1)] });
  });

  it('toggles a like by one at once and lets the server answer settle it', () => {
    let list = merge.toggleLike([item(1, { Likes: 4 })], 1, true, ME);
    expect(list[0]).toMatchObject({ Likes: 5, isLiked: true });
    list = merge.settleLike(list, 1, 9, true, ME);
    expect(list[0]).toMatchObject({ Likes: 9, isLiked: true, LikedBy: [ME] });
  });

  it('appends an older page without repeating posts', () => {
    expect(merge.appendPage([item(3), item(2)], [item(2), item(1)]).map((i) => i.TimelineID)).toEqual([3, 2, 1]);
  });
});
