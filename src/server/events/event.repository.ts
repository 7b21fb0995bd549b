import type { Selectable } from 'kysely';
import type { LobbyElement } from '~/contracts/event-info';
import type { Branding, Captions } from '~/contracts/event-settings';
import type { Db } from '~/server/db/database';
import type { EventTable } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';
import { createReadBatcher, padToPowerOfTwo } from '~/server/db/read-batcher';
import { parseJson } from '~/server/db/sql-values';

/** An event's own settings as stored; `features` holds only the flags the event set. */
export interface EventRecord {
  id: number;
  slug: string;
  regEventCode: string | null;
  name: string;
  languageId: string;
  timeZone: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  loginCaption: string | null;
  lobbyBannerText: string | null;
  /** The stream on the stage: the session's on air (`stageSessionId`), else the main stream. */
  streamUrl: string | null;
  /** The event's own main stream, whatever plays (docs/console.md "The stage's sources"). */
  mainStreamUrl: string | null;
  /** The session whose stream is on the stage; null: the main stream. */
  stageSessionId: number | null;
  /** That session's title, what attendees read as "Now playing"; null: the main stage. */
  stageTitle: string | null;
  /** The holding picture covers the player for everyone (a break). */
  holdingShown: boolean;
  /** The stream area's picture before the first frame; null: the live background image. */
  holdingImageUrl: string | null;
  gamificationUrl: string | null;
  aboutOnlineEvent: string | null;
  isActive: boolean;
  isRegistrationOpen: boolean;
  startDate: string;
  endDate: string;
  isTwoFactor: boolean;
  liveLobby: boolean;
  liveStage: boolean;
  liveWebApp: boolean;
  liveFaqCategory: string | null;
  captions: Partial<Captions>;
  features: Record<string, unknown>;
  branding: Branding;
  version: number;
}

/** An event row with its on-air session's title and stream (null: none, or gone since). */
type EventRow = Selectable<EventTable> & { stage_title: string | null; stage_url: string | null };

/** A session is on the stage while it exists and has a stream; else the main stream plays. */
const onAirOf = (row: EventRow) => (row.stage_session_id !== null && row.stage_url ? { id: row.stage_session_id, url: row.stage_url, title: row.stage_title } : null);

const toEvent = (row: EventRow): EventRecord => ({
  id: row.id, slug: row.slug, regEventCode: row.reg_event_code, name: row.name, languageId: row.language_id,
  timeZone: row.time_zone, logoUrl: row.logo_url, faviconUrl: row.favicon_url, loginCaption: row.login_caption,
  lobbyBannerText: row.lobby_banner_text, streamUrl: onAirOf(row)?.url ?? row.stream_url, mainStreamUrl: row.stream_url,
  stageSessionId: onAirOf(row)?.id ?? null, stageTitle: onAirOf(row)?.title ?? null, holdingShown: row.holding_shown, holdingImageUrl: row.holding_image_url, gamificationUrl: row.gamification_url,
  aboutOnlineEvent: row.about_online_event, isActive: row.is_active, isRegistrationOpen: row.is_registration_open,
  startDate: row.start_date, endDate: row.end_date, isTwoFactor: row.is_two_factor, liveLobby: row.live_lobby,
  liveStage: row.live_stage, liveWebApp: row.live_web_app, liveFaqCategory: row.live_faq_category,
  captions: parseJson(row.captions, {}), features: parseJson(row.features, {}), branding: parseJson(row.branding, {}),
  version: row.version,
});

/** The only place event rows are read; `identity` is a slug or a numeric id. */
export function createEventRepository(db: Db) {
  const { kysely } = db;
  // Run on every request (the event guard): built once (prepareQuery), and the probes of the
  // requests that arrive together go in one query (createReadBatcher). `ids` holds each
  // identity's numeric reading, or -1 for a slug, so both lists have the same length.
  const versionProbe = prepareQuery(kysely, (p: { slugs: string[]; ids: number[] }) => kysely.selectFrom('events')
    .select(['id', 'slug', 'version']).where((eb) => eb.or([eb('slug', 'in', p.slugs), eb('id', 'in', p.ids)])), ['slugs', 'ids']);
  const idOf = (identity: string) => (/^\d{1,9}$/.test(identity) ? Number(identity) : -1);
  const probe = createReadBatcher(async (identities: string[]) => {
    const slugs = padToPowerOfTwo(identities);
    const rows = await versionProbe.all({ slugs, ids: slugs.map(idOf) });
    const found = new Map<string, { id: number; version: number }>();
    for (const identity of identities) {
      const row = rows.find((r) => r.slug === identity) ?? rows.find((r) => r.id === idOf(identity));
      if (row) found.set(identity, { id: row.id, version: row.version });
    }
    return found;
  });

  return {
    /** The cheap probe run on every request: which event, at which version. */
    findVersion(identity: string): Promise<{ id: number; version: number } | undefined> {
      return probe(identity);
    },

    async findById(id: number): Promise<EventRecord | undefined> {
      const row = await kysely.selectFrom('events')
        .leftJoin('sessions', (join) => join.onRef('sessions.id', '=', 'events.stage_session_id').onRef('sessions.event_id', '=', 'events.id'))
        .selectAll('events').select(['sessions.title as stage_title', 'sessions.live_url as stage_url'])
        .where('events.id', '=', id).executeTakeFirst();
      return row && toEvent(row);
    },

    async findLobbyElements(eventId: number): Promise<LobbyElement[]> {
      const rows = await kysely.selectFrom('lobby_elements').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
      return rows.map((row) => ({ id: row.id, type: row.type, category: row.category, options: parseJson(row.options, {}) }));
    },

    async countEvents(): Promise<number> {
      const row = await kysely.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return row.n;
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
