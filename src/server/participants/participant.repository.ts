import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Db } from '~/server/db/database';
import { prepareQuery, type PreparedQuery } from '~/server/db/prepared';
import type { Database } from '~/server/db/schema';
import { toBool, toInt } from '~/server/db/sql-values';

/** A visible attendee's public fields (phone and e-mail are filtered by the service). */
export interface ParticipantRow {
  id: number;
  firstName: string;
  lastName: string;
  title: string | null;
  company: string | null;
  jobTitle: string | null;
  about2: string | null;
  picture: string | null;
  phone: string | null;
  email: string;
  linkedin: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
}

export interface ParticipantFilter {
  search?: string | undefined;
  groupId?: number | undefined;
}

const COLUMNS = [
  'users.id', 'users.first_name', 'users.last_name', 'users.title', 'users.company', 'users.job_title', 'users.about2',
  'users.picture', 'users.phone', 'users.email', 'users.linkedin', 'users.facebook', 'users.instagram', 'users.twitter',
] as const;

type Row = { id: number | string; first_name: string; last_name: string; title: string | null; company: string | null; job_title: string | null;
  about2: string | null; picture: string | null; phone: string | null; email: string; linkedin: string | null; facebook: string | null;
  instagram: string | null; twitter: string | null };

const toRow = (r: Row): ParticipantRow => ({
  id: toInt(r.id), firstName: r.first_name, lastName: r.last_name, title: r.title, company: r.company, jobTitle: r.job_title,
  about2: r.about2, picture: r.picture, phone: r.phone, email: r.email, linkedin: r.linkedin, facebook: r.facebook,
  instagram: r.instagram, twitter: r.twitter,
});

/** A LIKE pattern matching `text` literally anywhere ('!' escapes the wildcards on both engines). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** What a participant query binds; which filters it has is its shape (`ShapeOf`). */
interface FilterValues {
  eventId: number;
  pattern: string;
  groupId: number;
}

interface Shape {
  hasSearch: boolean;
  hasGroup: boolean;
}

/** Visible attendees of the event matching the filter: hidden ones are excluded here, in SQL. */
function visibleUsers(kysely: Kysely<Database>, { hasSearch, hasGroup }: Shape, { eventId, pattern, groupId }: FilterValues) {
  let query = kysely.selectFrom('users').where('users.event_id', '=', eventId).where('users.is_hidden', '=', 0);
  if (hasSearch) {
    query = query.where(sql<boolean>`(lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '!'
      or lower(coalesce(users.company, '')) like ${pattern} escape '!'
      or lower(coalesce(users.job_title, '')) like ${pattern} escape '!')`);
  }
  if (hasGroup) {
    query = query.where((eb: ExpressionBuilder<Database, 'users'>) => eb.exists(eb.selectFrom('group_members')
      .whereRef('group_members.user_id', '=', 'users.id').where('group_members.group_id', '=', groupId).select('group_members.user_id')));
  }
  return query;
}

/** Reads of other attendees and of groups for the participant list, profile modal and chat. */
export function createParticipantRepository(db: Db) {
  const { kysely } = db;
  type PageValues = FilterValues & { offset: number; limit: number };
  // GET users runs on every participant list load: each filter shape is built once (see prepareQuery).
  const pages = new Map<string, PreparedQuery<PageValues, Row>>();
  const counts = new Map<string, PreparedQuery<FilterValues, { n: string | number | bigint }>>();
  const shapeOf = ({ search, groupId }: ParticipantFilter): Shape & { key: string } => ({
    hasSearch: Boolean(search), hasGroup: groupId !== undefined, key: `${Boolean(search)}:${groupId !== undefined}`,
  });
  const valuesOf = (eventId: number, { search, groupId }: ParticipantFilter): FilterValues => ({
    eventId, pattern: search ? containsPattern(search) : '', groupId: groupId ?? 0,
  });
  const cached = <Q>(map: Map<string, Q>, key: string, make: () => Q): Q => {
    let query = map.get(key);
    if (!query) map.set(key, (query = make()));
    return query;
  };
  const groupsOfUser = prepareQuery(kysely, (p: { eventId: number; userId: number }) => kysely.selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .select(['groups.id', 'groups.name', 'groups.is_public']).where('groups.event_id', '=', p.eventId).where('group_members.user_id', '=', p.userId)
    .orderBy('groups.name').orderBy('groups.id'));
  const groupsOfEvent = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('groups').select(['id', 'name', 'is_public'])
    .where('event_id', '=', p.eventId).orderBy('name').orderBy('id'));

  return {
    async findPage(eventId: number, filter: ParticipantFilter, offset: number, limit: number): Promise<ParticipantRow[]> {
      const shape = shapeOf(filter);
      const query = cached(pages, shape.key, () => prepareQuery(kysely, (p: PageValues) => visibleUsers(kysely, shape, p).select(COLUMNS)
        .orderBy('users.first_name').orderBy('users.last_name').orderBy('users.id').offset(p.offset).limit(p.limit)));
      const rows = await query.all({ ...valuesOf(eventId, filter), offset, limit });
      return rows.map(toRow);
    },

    async count(eventId: number, filter: ParticipantFilter): Promise<number> {
      const shape = shapeOf(filter);
      const query = cached(counts, shape.key, () => prepareQuery(kysely, (p: FilterValues) => visibleUsers(kysely, shape, p)
        .select((eb) => eb.fn.countAll().as('n'))));
      const row = await query.first(valuesOf(eventId, filter));
      return toInt(row?.n ?? 0);
    },

    /** The visible attendees among `ids` (plus the viewer themself, hidden or not), in id order. */
    async findByIds(eventId: number, ids: readonly number[], viewerId: number): Promise<ParticipantRow[]> {
      if (ids.length === 0) return [];
      const rows = await kysely.selectFrom('users').select(COLUMNS).where('users.event_id', '=', eventId).where('users.id', 'in', [...ids])
        .where((eb) => eb.or([eb('users.is_hidden', '=', 0), eb('users.id', '=', viewerId)])).orderBy('users.id').execute();
      return rows.map(toRow);
    },

    /** Groups the user belongs to. */
    async groupsOf(eventId: number, userId: number): Promise<{ id: number; name: string; isPublic: boolean }[]> {
      const rows = await groupsOfUser.all({ eventId, userId });
      return rows.map((r) => ({ id: toInt(r.id), name: r.name, isPublic: toBool(r.is_public) }));
    },

    /** Every group of the event with whether it is public. */
    async groups(eventId: number): Promise<{ id: number; name: string; isPublic: boolean }[]> {
      const rows = await groupsOfEvent.all({ eventId });
      return rows.map((r) => ({ id: toInt(r.id), name: r.name, isPublic: toBool(r.is_public) }));
    },

    /** Visible members of the event's public groups, as (group, user) pairs. */
    async publicGroupMembers(eventId: number): Promise<{ groupId: number; userId: number }[]> {
      const rows = await kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select(['group_members.group_id', 'group_members.user_id'])
        .where('groups.event_id', '=', eventId).where('groups.is_public', '=', 1).where('users.is_hidden', '=', 0)
        .orderBy('group_members.user_id').execute();
      return rows.map((r) => ({ groupId: toInt(r.group_id), userId: toInt(r.user_id) }));
    },
  };
}

export type ParticipantRepository = ReturnType<typeof createParticipantRepository>;
