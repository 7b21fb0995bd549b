import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * Timeline posts and comments written by the person, and what they liked. Erasing keeps them, as SPEC'd by issue 16:
 * their author becomes the anonymised account, so they read "Deleted attendee".
 */
export function createTimelinePersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'timeline',
    async export({ eventId, userId }) {
      const [rows, likes] = await Promise.all([
        kysely.selectFrom('timeline_items').select(['id', 'in_reply_to', 'message', 'image_urls', 'created_at'])
          .where('event_id', '=', eventId).where('author_id', '=', userId).orderBy('id').execute(),
        kysely.selectFrom('timeline_likes as l').innerJoin('timeline_items as t', 't.id', 'l.timeline_id').select(['l.timeline_id', 'l.created_at'])
          .where('t.event_id', '=', eventId).where('l.user_id', '=', userId).orderBy('l.timeline_id').execute(),
      ]);
      const shape = (r: (typeof rows)[number]) => ({ id: r.id, message: r.message, images: JSON.parse(r.image_urls) as unknown, createdAt: r.created_at });
      return {
        posts: rows.filter((r) => r.in_reply_to === null).map(shape),
        comments: rows.filter((r) => r.in_reply_to !== null).map((r) => ({ ...shape(r), inReplyTo: r.in_reply_to })),
        likes: likes.map((l) => ({ timelineId: l.timeline_id, createdAt: l.created_at })),
      };
    },
    async erase() {
      // Kept on purpose; see above.
    },
  };
}
