import type { TimelineAuthor, TimelineComment, TimelineEntry, TimelineItem } from '~/contracts/timeline';
import { escapeHtml } from '~/lib/html-text';
import type { AuthorRecord, TimelineRecord } from './timeline.repository';

// .NET ticks (100 ns) between 0001-01-01 and the Unix epoch. Ticks pass 2^53, so the number is
// exact to about 13 µs only: far finer than the millisecond it is made from.
const EPOCH_TICKS = 62_135_596_800_000 * 10_000;

/**
 * A post's text as stored (the brief: escaped at write): control characters other than line
 * breaks and tabs dropped, line ends unified, trimmed, then HTML-escaped, so any client that
 * puts Message into HTML shows text and never markup.
 */
export function cleanMessage(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const plain = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  return escapeHtml(plain);
}

const toAuthor = (a: AuthorRecord | null): TimelineAuthor | null => a && {
  UserID: a.id, Firstname: a.firstName, Lastname: a.lastName, Picture: a.picture, Jobtitle: a.jobTitle, Company: a.company,
};

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A stored time as ISO-8601 UTC with milliseconds: most are stored so already (toISOString), and are kept as they are. */
export function isoTime(createdAt: string): string {
  return ISO_UTC.test(createdAt) ? createdAt : new Date(createdAt).toISOString();
}

function times(createdAt: string) {
  const ms = Date.parse(createdAt);
  return { CreatedOn: isoTime(createdAt), Tid: ms, ToDateTicks: ms * 10_000 + EPOCH_TICKS };
}

export function toComment(r: TimelineRecord): TimelineComment {
  return { TimelineID: r.id, inReplyTo: r.inReplyTo ?? 0, Author: toAuthor(r.author), ...times(r.createdAt), Message: r.message, imageUrls: r.imageUrls };
}

/** The part of an item every viewer shares (what realtime frames carry). */
export function toEntry(r: TimelineRecord, commentCount: number): TimelineEntry {
  return {
    TimelineID: r.id, Author: toAuthor(r.author), ...times(r.createdAt), Message: r.message, imageUrls: r.imageUrls, Likes: r.likes,
    isPromo: r.isPromo ? '1' : '0', LinkMode: r.linkMode, Promolink: r.promoLink, Promolinktext: r.promoLinkText,
    PlatformDisplayOptions: r.platforms, CommentCount: commentCount,
  };
}

/** An item as one viewer sees it: with its comments (newest first) and the viewer's like. */
export function toItem(r: TimelineRecord, comments: TimelineRecord[], viewerId: number, isLiked: boolean): TimelineItem {
  return {
    ...toEntry(r, comments.length), Comments: comments.map(toComment), LikedBy: isLiked ? [viewerId] : [], isLiked,
  };
}
