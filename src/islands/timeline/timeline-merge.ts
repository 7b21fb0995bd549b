import type { Platform } from '~/contracts/event-settings';
import type { TimelineLikeChange } from '~/contracts/realtime';
import type { TimelineComment, TimelineEntry, TimelineItem } from '~/contracts/timeline';

/*
 * How the realtime frames (docs/timeline.md) change a list the viewer holds. Frames carry the
 * shared part of an item; the viewer's own state (isLiked, LikedBy) is kept, unless the frame
 * says the viewer themself changed it (`by`, e.g. from another tab).
 */

/** A new item at the top, unless it is there already (the poster's own answer came first) or not for this platform. */
export function addItem(list: TimelineItem[], entry: TimelineEntry, platform: Platform): TimelineItem[] {
  if (!entry.PlatformDisplayOptions.includes(platform) || list.some((i) => i.TimelineID === entry.TimelineID)) return list;
  return [{ ...entry, Comments: [], LikedBy: [], isLiked: false }, ...list];
}

/** The item's shared fields replaced; comments and the viewer's like kept (or taken from `by` when it is the viewer's). */
export function modifyItem(list: TimelineItem[], entry: TimelineEntry, me: number, by?: TimelineLikeChange): TimelineItem[] {
  return list.map((item) => {
    if (item.TimelineID !== entry.TimelineID) return item;
    const isLiked = by?.userId === me ? by.isLiked : item.isLiked;
    return { ...item, ...entry, Comments: item.Comments, CommentCount: Math.max(entry.CommentCount, item.Comments.length), isLiked, LikedBy: isLiked ? [me] : [] };
  });
}

export const removeItem = (list: TimelineItem[], id: number): TimelineItem[] => list.filter((i) => i.TimelineID !== id);

function onPost(list: TimelineItem[], postId: number, change: (item: TimelineItem) => TimelineItem): TimelineItem[] {
  return list.some((i) => i.TimelineID === postId) ? list.map((i) => (i.TimelineID === postId ? change(i) : i)) : list;
}

/** A comment first among its post's comments (docs/product.md §3 newest first), once. */
export const addComment = (list: TimelineItem[], comment: TimelineComment): TimelineItem[] => onPost(list, comment.inReplyTo, (post) => (
  post.Comments.some((c) => c.TimelineID === comment.TimelineID) ? post : { ...post, Comments: [comment, ...post.Comments], CommentCount: post.Comments.length + 1 }
));

export const modifyComment = (list: TimelineItem[], comment: TimelineComment): TimelineItem[] => onPost(list, comment.inReplyTo, (post) => ({
  ...post, Comments: post.Comments.map((c) => (c.TimelineID === comment.TimelineID ? comment : c)),
}));

export const removeComment = (list: TimelineItem[], postId: number, id: number): TimelineItem[] => onPost(list, postId, (post) => {
  const Comments = post.Comments.filter((c) => c.TimelineID !== id);
  return { ...post, Comments, CommentCount: Comments.length };
});

/** The viewer's like toggled at once (docs/product.md §4: by 1), before the server answers. */
export const toggleLike = (list: TimelineItem[], id: number, isLiked: boolean, me: number): TimelineItem[] => list.map((item) => (
  item.TimelineID === id && item.isLiked !== isLiked
    ? { ...item, isLiked, LikedBy: isLiked ? [me] : [], Likes: Math.max(0, item.Likes + (isLiked ? 1 : -1)) }
    : item
));

/** The server's answer to a like: its count and state win. */
export const settleLike = (list: TimelineItem[], id: number, likes: number, isLiked: boolean, me: number): TimelineItem[] => list.map((item) => (
  item.TimelineID === id ? { ...item, Likes: likes, isLiked, LikedBy: isLiked ? [me] : [] } : item
));

/** Older posts appended after the ones held, without duplicates. */
export function appendPage(list: TimelineItem[], page: TimelineItem[]): TimelineItem[] {
  const known = new Set(list.map((i) => i.TimelineID));
  return [...list, ...page.filter((i) => !known.has(i.TimelineID))];
}
