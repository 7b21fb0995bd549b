import type { Db } from '~/server/db/database';
import { removeUpload } from '~/server/shared/asset-store';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * The selfies a person saved (docs/selfie.md). Erasing deletes the rows and, after the commit,
 * their pictures. A selfie that was posted is also a timeline post, which the timeline source
 * keeps under "Deleted attendee" like every other post.
 */
export function createSelfiePersonalData({ kysely }: Db, dataDir: string): PersonalDataSource {
  const mine = (eventId: number, userId: number) =>
    kysely.selectFrom('selfies').select(['id', 'image_url', 'overlay_id', 'timeline_id', 'created_at'])
      .where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('id');
  return {
    name: 'selfies',
    async export({ eventId, userId }) {
      const rows = await mine(eventId, userId).execute();
      return rows.map((r) => ({
        id: r.id, imageUrl: r.image_url, overlayId: r.overlay_id,
        timelineId: r.timeline_id, createdAt: r.created_at,
      }));
    },
    async erase({ eventId, userId }) {
      const rows = await mine(eventId, userId).execute();
      if (rows.length === 0) return undefined;
      await kysely.deleteFrom('selfies').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
      return async () => {
        for (const row of rows) await removeUpload(dataDir, eventId, row.image_url);
      };
    },
  };
}
