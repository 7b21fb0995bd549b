import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';

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

type Row = { id: number; first_name: string; last_name: string; title: string | null; company: string | null; job_title: string | null;
  about2: string | null; picture: string | null; phone: string | null; email: string; linkedin: string | null; facebook: string | null;
  instagram: string | null; twitter: string | null };

const toRow = (r: Row): ParticipantRow => ({
  id: r.id, firstName: r.first_name, lastName: r.last_name, title: r.title, company: r.company, jobTitle: r.job_title,
  about2: r.about2, picture: r.picture, phone: r.phone, email: r.email, linkedin: r.linkedin, facebook: r.facebook,
  instagram: r.instagram, twitter: r.twitter,
});

/** Reads of other attendees and of groups for the participant list, profile modal and chat. */
export function createParticipantRepository(db: Db) {
  const { kysely } = db;
  // Loaded once per event and version, then kept in memory (participant.service.ts).
  const visible = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('users').select(COLUMNS)
    .where('users.event_id', '=', p.eventId).where('users.is_hidden', '=', false)
    .orderBy('users.first_name').orderBy('users.last_name').orderBy('users.id'));
  const membersOfEvent = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id').select(['group_members.group_id', 'group_members.user_id'])
    .where('groups.event_id', '=', p.eventId));
  const groupsOfUser = prepareQuery(kysely, (p: { eventId: number; userId: number }) => kysely.selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .select(['groups.id', 'groups.name', 'groups.is_public']).where('groups.event_id', '=', p.eventId).where('group_members.user_id', '=', p.userId)
    .orderBy('groups.name').orderBy('groups.id'));
  const groupsOfEvent = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('groups').select(['id', 'name', 'is_public'])
    .where('event_id', '=', p.eventId).orderBy('name').orderBy('id'));

  return {
    /** Every visible attendee of the event, in list order (first name, last name, id): hidden ones are left out here, in SQL. */
    async findVisible(eventId: number): Promise<ParticipantRow[]> {
      return (await visible.all({ eventId })).map(toRow);
    },

    /** Who is in which group of the event, as (group, user) pairs. */
    async groupMembers(eventId: number): Promise<{ groupId: number; userId: number }[]> {
      const rows = await membersOfEvent.all({ eventId });
      return rows.map((r) => ({ groupId: r.group_id, userId: r.user_id }));
    },

    /** The visible attendees among `ids` (plus the viewer themself, hidden or not), in id order. */
    async findByIds(eventId: number, ids: readonly number[], viewerId: number): Promise<ParticipantRow[]> {
      if (ids.length === 0) return [];
      const rows = await kysely.selectFrom('users').select(COLUMNS).where('users.event_id', '=', eventId).where('users.id', 'in', [...ids])
        .where((eb) => eb.or([eb('users.is_hidden', '=', false), eb('users.id', '=', viewerId)])).orderBy('users.id').execute();
      return rows.map(toRow);
    },

    /** Groups the user belongs to. */
    async groupsOf(eventId: number, userId: number): Promise<{ id: number; name: string; isPublic: boolean }[]> {
      const rows = await groupsOfUser.all({ eventId, userId });
      return rows.map((r) => ({ id: r.id, name: r.name, isPublic: r.is_public }));
    },

    /** Every group of the event with whether it is public. */
    async groups(eventId: number): Promise<{ id: number; name: string; isPublic: boolean }[]> {
      const rows = await groupsOfEvent.all({ eventId });
      return rows.map((r) => ({ id: r.id, name: r.name, isPublic: r.is_public }));
    },

    /** Visible members of the event's public groups, as (group, user) pairs. */
    async publicGroupMembers(eventId: number): Promise<{ groupId: number; userId: number }[]> {
      const rows = await kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select(['group_members.group_id', 'group_members.user_id'])
        .where('groups.event_id', '=', eventId).where('groups.is_public', '=', true).where('users.is_hidden', '=', false)
        .orderBy('group_members.user_id').execute();
      return rows.map((r) => ({ groupId: r.group_id, userId: r.user_id }));
    },
  };
}

export type ParticipantRepository = ReturnType<typeof createParticipantRepository>;
