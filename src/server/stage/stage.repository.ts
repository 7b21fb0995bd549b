import type { Db } from '~/server/db/database';
import type { Platform } from '~/contracts/event-settings';

/** What the stage needs to know about the event's content to decide which tabs exist (docs/product.md §2). */
export interface StageCounts {
  sessions: number;
  sponsors: number;
  infoPages: number;
  documents: number;
}

export interface SessionStreamRow {
  id: number;
  title: string;
  liveUrl: string | null;
}

/** Counts and the session lookup for the stage; platforms are JSON arrays such as ["digital","webApp"]. */
export function createStageRepository(db: Db) {
  const { kysely } = db;
  const platformPattern = (platform: Platform) => `%"${platform}"%`;

  return {
    async counts(eventId: number, platform: Platform): Promise<StageCounts> {
      const row = await kysely
        .selectNoFrom((eb) => [
          eb.selectFrom('sessions').where('event_id', '=', eventId).select(eb.fn.countAll<number>().as('n')).as('sessions'),
          eb.selectFrom('sponsors').where('event_id', '=', eventId).select(eb.fn.countAll<number>().as('n')).as('sponsors'),
          eb.selectFrom('info_pages').where('event_id', '=', eventId).where('platforms', 'like', platformPattern(platform))
            .select(eb.fn.countAll<number>().as('n')).as('info_pages'),
          // Sponsor documents belong to the sponsor page, not the stage's documents tab.
          eb.selectFrom('documents').where('event_id', '=', eventId).where('sponsor_id', 'is', null)
            .where('platforms', 'like', platformPattern(platform)).select(eb.fn.countAll<number>().as('n')).as('documents'),
        ])
        .executeTakeFirstOrThrow();
      return {
        sessions: row.sessions ?? 0, sponsors: row.sponsors ?? 0,
        infoPages: row.info_pages ?? 0, documents: row.documents ?? 0,
      };
    },

    async findSessionStream(eventId: number, sessionId: number): Promise<SessionStreamRow | undefined> {
      const row = await kysely.selectFrom('sessions').select(['id', 'title', 'live_url'])
        .where('event_id', '=', eventId).where('id', '=', sessionId).executeTakeFirst();
      return row && { id: row.id, title: row.title, liveUrl: row.live_url };
    },
  };
}

export type StageRepository = ReturnType<typeof createStageRepository>;
