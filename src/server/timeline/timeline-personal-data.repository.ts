import type { Db } from '~/server/db/database';
import { parseJson } from '~/server/db/sql-values';
import { removeUpload } from '~/server/shared/asset-store';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * Timeline posts and comments written by the person, and what they liked. Erasing takes their
 * words and pictures: their comments and the posts nobody else answered go; a post others
 * commented on stays as an empty "removed" placeholder (its thread needs it; the screens say so
 * in the viewer's language) under the anonymised author. The pictures' files go after the
 * commit. Likes stay counted, naming nobody.
 */
export function createTimelinePersonalData({ kysely }: Db, dataDir: string): PersonalDataSource {
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
    async erase({ eventId, userId }) {
      const own = await kysely.selectFrom('timeline_items').select(['id', 'in_reply_to', 'image_urls'])
        .where('event_id', '=', eventId).where('author_id', '=', userId).execute();
      if (own.length === 0) return undefined;
      const posts = own.filter((r) => r.in_reply_to === null).map((r) => r.id);
      const answered = posts.length === 0 ? [] : await kysely.selectFrom('timeline_items').select('in_reply_to').distinct()
        .where('in_reply_to', 'in', posts).where((eb) => eb.or([eb('author_id', 'is', null), eb('author_id', '!=', userId)])).execute();
      const kept = answered.map((r) => r.in_reply_to);
      const gone = own.map((r) => r.id).filter((id) => !kept.includes(id));
      // A deleted post takes the person's own comments on it along (cascade), and their likes.
      if (gone.length > 0) await kysely.deleteFrom('timeline_items').where('id', 'in', gone).execute();
      if (kept.length > 0) await kysely.updateTable('timeline_items').set({ message: '', image_urls: '[]' }).where('id', 'in', kept).execute();
      const images = own.flatMap((r) => parseJson<string[]>(r.image_urls, []));
      return async () => {
        for (const url of images) await removeUpload(dataDir, eventId, url);
      };
    },
  };
}
