import type { Db } from '~/server/db/database';

export interface OverlayRecord {
  id: number;
  name: string;
  imageUrl: string;
}

export interface NewSelfieRecord {
  eventId: number;
  userId: number;
  imageUrl: string;
  overlayId: number | null;
  timelineId: number | null;
  createdAt: string;
}

/** Selfie overlays (from the event file) and the selfies attendees saved (migration 0080). */
export function createSelfieRepository({ kysely }: Db) {
  return {
    /** The event's overlays in the file's order. */
    async overlays(eventId: number): Promise<OverlayRecord[]> {
      const rows = await kysely.selectFrom('selfie_overlays').select(['id', 'name', 'image_url'])
        .where('event_id', '=', eventId).orderBy('position').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, imageUrl: r.image_url }));
    },

    async hasOverlay(eventId: number, overlayId: number): Promise<boolean> {
      const row = await kysely.selectFrom('selfie_overlays').select('id').where('event_id', '=', eventId).where('id', '=', overlayId).executeTakeFirst();
      return row !== undefined;
    },

    async insert(selfie: NewSelfieRecord): Promise<number> {
      const row = await kysely.insertInto('selfies').values({
        event_id: selfie.eventId, user_id: selfie.userId, image_url: selfie.imageUrl, overlay_id: selfie.overlayId,
        timeline_id: selfie.timelineId, created_at: selfie.createdAt,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type SelfieRepository = ReturnType<typeof createSelfieRepository>;
