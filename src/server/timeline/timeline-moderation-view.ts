import type { ConsoleAuthor, ConsoleTimelineComment, ConsoleTimelineItem } from '~/contracts/console';
import type { ModeratedAuthor, ModeratedComment, ModeratedItem } from './timeline-moderation.repository';
import { isoTime } from './timeline-view';

const toAuthor = (a: ModeratedAuthor | null): ConsoleAuthor | null => a && { UserID: a.id, Firstname: a.firstName, Lastname: a.lastName };

const toComment = (c: ModeratedComment): ConsoleTimelineComment => ({ TimelineID: c.id, Author: toAuthor(c.author), CreatedOn: isoTime(c.createdAt), Message: c.message });

/** The console's moderation list: items (newest first) each with its comments (newest first, given in any order of posts). */
export function toModerationList(items: readonly ModeratedItem[], comments: readonly ModeratedComment[]): ConsoleTimelineItem[] {
  const byPost = new Map<number, ConsoleTimelineComment[]>();
  for (const c of comments) {
    const own = byPost.get(c.inReplyTo);
    if (own) own.push(toComment(c));
    else byPost.set(c.inReplyTo, [toComment(c)]);
  }
  return items.map((r) => ({
    TimelineID: r.id, Author: toAuthor(r.author), CreatedOn: isoTime(r.createdAt), Message: r.message, imageUrls: r.imageUrls,
    isPromo: r.isPromo ? '1' : '0', LinkMode: r.linkMode, Promolink: r.promoLink, Promolinktext: r.promoLinkText,
    PlatformDisplayOptions: r.platforms, Comments: byPost.get(r.id) ?? [],
  }));
}
