import type { SessionStream, StageSetting } from '~/contracts/console';
import type { Db } from '~/server/db/database';
import { bumpEventVersion } from './event-version.repository';

/** The event's stage columns as the console reads and writes them. */
export function createStageControlsRepository(db: Db) {
  const { kysely } = db;
  return {
    /** The stage as stored; a session on the stage that is gone or lost its stream reads as the main stream (as the event's own read does). */
    async findStage(eventId: number): Promise<StageSetting | undefined> {
      const row = await kysely.selectFrom('events')
        .leftJoin('sessions', (join) => join.onRef('sessions.id', '=', 'events.stage_session_id').onRef('sessions.event_id', '=', 'events.id'))
        .select(['events.stream_url', 'events.holding_image_url', 'events.holding_shown', 'events.stage_session_id', 'sessions.title', 'sessions.live_url'])
        .where('events.id', '=', eventId).executeTakeFirst();
      if (!row) return undefined;
      const onAir = row.stage_session_id !== null && Boolean(row.live_url);
      return {
        streamUrl: row.stream_url, sessionId: onAir ? row.stage_session_id : null, sessionTitle: onAir ? row.title : null,
        holdingImageUrl: row.holding_image_url, holdingShown: row.holding_shown,
      };
    },

    /** Writes what changed with the event's version (every node reads the event again); answers the new version. */
    async setStage(eventId: number, change: Partial<StageSetting>, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        const values = {
          ...(change.streamUrl === undefined ? {} : { stream_url: change.streamUrl }),
          ...(change.holdingImageUrl === undefined ? {} : { holding_image_url: change.holdingImageUrl }),
          ...(change.sessionId === undefined ? {} : { stage_session_id: change.sessionId }),
          ...(change.holdingShown === undefined ? {} : { holding_shown: change.holdingShown }),
        };
        if (Object.keys(values).length > 0) await trx.updateTable('events').set(values).where('id', '=', eventId).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /** A session of the event with its stream, for "play this session on the main stage". */
    async findSessionStream(eventId: number, sessionId: number): Promise<{ id: number; title: string; liveUrl: string | null } | undefined> {
      const row = await kysely.selectFrom('sessions').select(['id', 'title', 'live_url']).where('event_id', '=', eventId).where('id', '=', sessionId).executeTakeFirst();
      return row && { id: row.id, title: row.title, liveUrl: row.live_url };
    },

    /** The event's sessions that have a stream, in agenda order: what the console offers to play. */
    async listSessionStreams(eventId: number): Promise<SessionStream[]> {
      const rows = await kysely.selectFrom('sessions').select(['id', 'title', 'start_date', 'live_url'])
        .where('event_id', '=', eventId).where('live_url', 'is not', null).where('live_url', '<>', '')
        .orderBy('start_date').orderBy('id').execute();
      return rows.map((row) => ({ id: row.id, title: row.title, startDate: row.start_date, streamUrl: row.live_url ?? '' }));
    },
  };
}

export type StageControlsRepository = ReturnType<typeof createStageControlsRepository>;
