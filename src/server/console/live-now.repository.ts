import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';
import { padToPowerOfTwo } from '~/server/db/read-batcher';

/** Online ids asked per query at most: the last chunk is padded up to a power of two, so at most this many wasted. */
const ONLINE_PER_QUERY = 256;

/** An open top-level poll with its answers so far and those stored since the asked moment. */
export interface LivePollCounts {
  id: number;
  title: string;
  questionType: number;
  answers: number;
  recentAnswers: number;
}

/** What the console's Live now reads besides presence and the event (the stage). */
export function createLiveNowRepository(db: Db) {
  const { kysely } = db;
  // Read on every Live now, by every organiser of the event, on each event that moves it (see prepareQuery).
  // Answers so far: the poll's own running tally (a quiz's own row counts those who submitted it);
  // since: every answer to the poll and to its items, a range of the (poll_id, created_at) index.
  const openPolls = prepareQuery(kysely, (p: { eventId: number; since: string }) => kysely.selectFrom('polls as p')
    .select((eb) => [
      'p.id', 'p.title', 'p.question_type',
      eb.selectFrom('poll_tally_stripes as s').select((s) => s.fn.sum<number>('s.answer_count').as('n')).whereRef('s.poll_id', '=', 'p.id').as('answers'),
      eb.selectFrom('poll_answers as a').select((a) => a.fn.countAll<number>().as('n'))
        .where('a.poll_id', 'in', eb.selectFrom('polls as item').select('item.id').where((i) => i.or([i('item.id', '=', i.ref('p.id')), i('item.parent_id', '=', i.ref('p.id'))])))
        .where('a.created_at', '>=', p.since).as('recent'),
    ])
    .where('p.event_id', '=', p.eventId).where('p.parent_id', 'is', null).where('p.is_template', '=', false).where('p.is_open', '=', true)
    .orderBy('p.position').orderBy('p.id'));
  // The online users by primary key, the ids padded to a power of two (a few compiled shapes, not
  // one per online count), in chunks of ONLINE_PER_QUERY. The event is checked on the rows: with
  // `event_id = ?` in the query SQLite walks every user of the event by its (event_id, …) index.
  const attendeesAmong = prepareQuery(kysely, (p: { userIds: number[] }) => kysely.selectFrom('users')
    .leftJoin('registrations', 'registrations.user_id', 'users.id')
    .select(['users.id', 'users.event_id', 'registrations.admitted_at'])
    .where('users.is_organiser', '=', false).where('users.id', 'in', p.userIds), ['userIds']);
  // A support chat counts once, when any attendee's message in it is past this organiser's read mark.
  const unreadSupport = prepareQuery(kysely, (p: { eventId: number; organiserId: number }) => kysely.selectFrom('chats as c')
    .leftJoin('chat_members as own', (join) => join.onRef('own.chat_id', '=', 'c.id').on('own.user_id', '=', p.organiserId))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.event_id', '=', p.eventId).where('c.is_support', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('chat_messages as m').innerJoin('users as author', 'author.id', 'm.user_id').select('m.id')
      .whereRef('m.chat_id', '=', 'c.id').where('author.is_organiser', '=', false)
      .where('m.id', '>', eb.fn.coalesce('own.last_read_message_id', eb.lit(0))))));

  return {
    /** Of these online users, the attendees (not organisers) split by whether the door scanned them in. */
    async attendeesByPlatform(eventId: number, userIds: readonly number[]): Promise<{ digital: number; inPerson: number }> {
      const ids = [...new Set(userIds)];
      const attendees = new Set<number>();
      const admitted = new Set<number>();
      // One chunk after the other: on PostgreSQL, all at once would take that many pooled connections.
      for (let at = 0; at < ids.length; at += ONLINE_PER_QUERY) {
        // A user with two registrations gives two rows, counted once.
        for (const row of await attendeesAmong.all({ userIds: padToPowerOfTwo(ids.slice(at, at + ONLINE_PER_QUERY)) })) {
          if (row.event_id !== eventId) continue;
          attendees.add(row.id);
          if (row.admitted_at !== null) admitted.add(row.id);
        }
      }
      return { digital: attendees.size - admitted.size, inPerson: admitted.size };
    },

    /** The event's open top-level polls (not templates) in the organiser's order, with their answer counts. */
    async openPolls(eventId: number, since: string): Promise<LivePollCounts[]> {
      const rows = await openPolls.all({ eventId, since });
      return rows.map((r) => ({ id: r.id, title: r.title, questionType: r.question_type, answers: Number(r.answers ?? 0), recentAnswers: Number(r.recent ?? 0) }));
    },

    /** Support chats of the event with an attendee's message after this organiser's read mark. */
    async unreadSupportChats(eventId: number, organiserId: number): Promise<number> {
      return Number((await unreadSupport.first({ eventId, organiserId }))?.n ?? 0);
    },
  };
}

export type LiveNowRepository = ReturnType<typeof createLiveNowRepository>;
