import type { TimelineItem } from '~/contracts/timeline';
import type { TimelineRecord } from './timeline.repository';
import { toComment, toEntry } from './timeline-view';

/** An item as every viewer sees it: all of TimelineItem but the viewer's own like. */
export type SharedItem = Omit<TimelineItem, 'LikedBy' | 'isLiked'>;

/**
 * Items of one list (posts or promoted items of a platform, newest first) shaped once for every
 * viewer (docs/timeline.md "Read model"): each item also as its JSON up to the viewer's
 * part, so an answer is string joins plus the viewer's likes.
 */
export interface SharedList {
  items: SharedItem[];
  /** Each item's JSON without its closing brace: `LikedBy` and `isLiked` come last, per viewer. */
  json: string[];
  /** Position of each item by TimelineID (a `before` cursor). */
  indexOf: Map<number, number>;
  /** True when the list holds every item of its kind, not only the newest. */
  isComplete: boolean;
}

/** What one answer takes from a list: items `start` to `end` (exclusive) and the next page's cursor. */
export interface ListSlice {
  list: SharedList;
  start: number;
  end: number;
  nextBefore: number | null;
}

/** A list from its items (newest first) and their comments (newest first, any order of posts). */
export function toSharedList(records: readonly TimelineRecord[], comments: readonly TimelineRecord[], isComplete: boolean): SharedList {
  const byPost = new Map<number, TimelineRecord[]>();
  for (const c of comments) {
    const own = byPost.get(c.inReplyTo!);
    if (own) own.push(c);
    else byPost.set(c.inReplyTo!, [c]);
  }
  const items = records.map((r): SharedItem => {
    const own = byPost.get(r.id) ?? [];
    return { ...toEntry(r, own.length), Comments: own.map(toComment) };
  });
  return {
    items,
    json: items.map((item) => JSON.stringify(item).slice(0, -1)),
    indexOf: new Map(items.map((item, index) => [item.TimelineID, index])),
    isComplete,
  };
}

/**
 * `count` items of the list, after the item `before` when given; undefined when the list cannot
 * tell (the cursor is not in it, or the page runs past what it holds): the caller reads the
 * database instead.
 */
export function sliceOf(list: SharedList, count: number, before?: number): ListSlice | undefined {
  const start = before === undefined ? 0 : (list.indexOf.get(before) ?? -2) + 1;
  if (start < 0) return undefined;
  const end = start + count;
  // One item past the page must be held to know whether an older page exists.
  if (end < list.items.length) return { list, start, end, nextBefore: list.items[end - 1]!.TimelineID };
  if (list.isComplete) return { list, start, end: list.items.length, nextBefore: null };
  return undefined;
}

/** TimelineIDs of the slice's items. */
export function idsOf({ list, start, end }: ListSlice): number[] {
  return list.items.slice(start, end).map((item) => item.TimelineID);
}

// The viewer's part, in the order toItem gives it (the keys after Comments).
const notLiked = ',"LikedBy":[],"isLiked":false}';
const likedBy = (viewerId: number) => `,"LikedBy":[${viewerId}],"isLiked":true}`;

/** The slice as the JSON array one viewer gets: the same bytes as JSON.stringify of `itemsFor`. */
export function jsonFor({ list, start, end }: ListSlice, viewerId: number, liked: ReadonlySet<number>): string {
  if (start >= end) return '[]';
  const mine = likedBy(viewerId);
  let body = '[';
  for (let i = start; i < end; i += 1) {
    body += (i === start ? '' : ',') + list.json[i]! + (liked.has(list.items[i]!.TimelineID) ? mine : notLiked);
  }
  return body + ']';
}

/** The slice as one viewer's items. */
export function itemsFor({ list, start, end }: ListSlice, viewerId: number, liked: ReadonlySet<number>): TimelineItem[] {
  return list.items.slice(start, end).map((item) => {
    const isLiked = liked.has(item.TimelineID);
    return { ...item, LikedBy: isLiked ? [viewerId] : [], isLiked };
  });
}
