import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';

/** Which answers count: a time window (ISO, `to` exclusive), groups (members of any), a template. */
export interface AnswerFilter {
  from?: string | undefined;
  to?: string | undefined;
  groups?: number[] | undefined;
  templateId?: number | undefined;
  /** Only answers given through some template (pollTemplateResults). */
  anyTemplate?: boolean;
}

export interface CountRecord { alternativeId: number; count: number }
export interface TallyRecord { pollId: number; answerCount: number; scoreSum: number }

export interface AnswerRow {
  answerId: number;
  pollId: number;
  userId: number;
  firstName: string;
  lastName: string;
  freeText: string | null;
  comment: string | null;
  isSelected: boolean;
  isHidden: boolean;
  createdAt: string;
  /** Whether the author chose to be hidden (read by findAnswer: a presented answer's author then goes unnamed). */
  isAuthorHidden?: boolean;
}

export interface ParticipantRecord { userId: number; firstName: string; lastName: string; email: string }
export interface ChoiceRecord { userId: number; pollId: number; text: string }

type AnswerQuery = SelectQueryBuilder<Database, 'poll_answers' | 'users', object>;

function filtered<Q extends AnswerQuery>(q: Q, filter: AnswerFilter): Q {
  let out = q;
  if (filter.from !== undefined) out = out.where('poll_answers.created_at', '>=', filter.from) as Q;
  if (filter.to !== undefined) out = out.where('poll_answers.created_at', '<', filter.to) as Q;
  if (filter.templateId !== undefined) out = out.where('poll_answers.template_id', '=', filter.templateId) as Q;
  if (filter.anyTemplate) out = out.where('poll_answers.template_id', 'is not', null) as Q;
  if (filter.groups && filter.groups.length > 0) {
    const groups = filter.groups;
    out = out.where((eb) => eb.exists(
      eb.selectFrom('group_members').select('group_members.user_id')
        .whereRef('group_members.user_id', '=', 'poll_answers.user_id').where('group_members.group_id', 'in', groups),
    )) as Q;
  }
  return out;
}

const answers = (kysely: Kysely<Database>, pollIds: number[]) => kysely.selectFrom('poll_answers')
  .innerJoin('users', 'users.id', 'poll_answers.user_id').where('poll_answers.poll_id', 'in', pollIds);

/**
 * What results are made from when filters apply (running tallies serve the unfiltered case,
 * through the polls service), the participant table and the open-text moderation flags.
 * Every query is bounded by poll ids of one event, which the service resolved first.
 */
export function createPollResultsRepository({ kysely }: Db) {
  return {
    /** Choice counts of these polls' answers that pass the filter. */
    async countChoices(pollIds: number[], filter: AnswerFilter): Promise<CountRecord[]> {
      if (pollIds.length === 0) return [];
      const rows = await filtered(answers(kysely, pollIds), filter)
        .innerJoin('poll_answer_choices as c', 'c.answer_id', 'poll_answers.id')
        .select(['c.alternative_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('c.alternative_id').execute();
      return rows.map((r) => ({ alternativeId: r.alternative_id, count: r.n }));
    },

    /** Answer count and score sum per poll of the answers that pass the filter. */
    async tally(pollIds: number[], filter: AnswerFilter): Promise<TallyRecord[]> {
      if (pollIds.length === 0) return [];
      const rows = await filtered(answers(kysely, pollIds), filter)
        .select(['poll_answers.poll_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number | null>('poll_answers.score').as('s')])
        .groupBy('poll_answers.poll_id').execute();
      return rows.map((r) => ({ pollId: r.poll_id, answerCount: r.n, scoreSum: r.s ?? 0 }));
    },

    /** Answers with text (free text or a comment) of these polls, hidden last, newest first (docs/product.md §4). */
    async textAnswers(pollIds: number[], filter: AnswerFilter, limit = 2000, offset = 0): Promise<AnswerRow[]> {
      if (pollIds.length === 0) return [];
      const rows = await filtered(answers(kysely, pollIds), filter)
        .where((eb) => eb.or([eb('poll_answers.free_text', 'is not', null), eb('poll_answers.comment', 'is not', null)]))
        .select(['poll_answers.id', 'poll_answers.poll_id', 'poll_answers.user_id', 'users.first_name', 'users.last_name',
          'poll_answers.free_text', 'poll_answers.comment', 'poll_answers.is_selected', 'poll_answers.is_hidden', 'poll_answers.created_at'])
        .orderBy('poll_answers.is_hidden').orderBy('poll_answers.created_at', 'desc').orderBy('poll_answers.id', 'desc')
        .limit(limit).offset(offset).execute();
      return rows.map((r) => ({
        answerId: r.id, pollId: r.poll_id, userId: r.user_id, firstName: r.first_name, lastName: r.last_name,
        freeText: r.free_text, comment: r.comment, isSelected: r.is_selected, isHidden: r.is_hidden, createdAt: r.created_at,
      }));
    },

    /** One page of the participants who answered these polls (by last name), and how many there are. */
    async participants(pollIds: number[], filter: AnswerFilter, page: number, size: number): Promise<{ rows: ParticipantRecord[]; total: number }> {
      if (pollIds.length === 0) return { rows: [], total: 0 };
      const base = filtered(answers(kysely, pollIds), filter);
      const [rows, total] = await Promise.all([
        base.select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
          .groupBy(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
          .orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id')
          .limit(size).offset((page - 1) * size).execute(),
        base.select((eb) => eb.fn.count<number>(sql`distinct ${eb.ref('users.id')}`).as('n')).executeTakeFirst(),
      ]);
      return {
        rows: rows.map((r) => ({ userId: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email })),
        total: total?.n ?? 0,
      };
    },

    /**
     * The next participants of this event after `after` in table order (last name, first name,
     * id) who answered these polls: keyset paging for exports, so batch 50 costs what batch 1
     * does and nothing is counted. It walks the event's users in the order of the index on
     * `users (event_id, last_name, first_name, id)` (migration 0100) and keeps those with an
     * answer (EXISTS, through the unique (poll_id, user_id)), so SQLite neither groups nor sorts
     * all answers again for every batch.
     */
    async participantsAfter(eventId: number, pollIds: number[], filter: AnswerFilter, after: ParticipantRecord | undefined, size: number): Promise<ParticipantRecord[]> {
      if (pollIds.length === 0) return [];
      let q = kysely.selectFrom('users').select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
        .where('users.event_id', '=', eventId)
        .where((eb) => eb.exists(filtered(eb.selectFrom('poll_answers').select('poll_answers.id')
          .where('poll_answers.poll_id', 'in', pollIds).whereRef('poll_answers.user_id', '=', 'users.id'), filter)));
      if (after) {
        q = q.where((eb) => eb(eb.refTuple('users.last_name', 'users.first_name', 'users.id'), '>', eb.tuple(after.lastName, after.firstName, after.userId)));
      }
      const rows = await q.orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').limit(size).execute();
      return rows.map((r) => ({ userId: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email }));
    },

    /** These users' answers to these polls (free text, comments), for the table. */
    async answersOf(pollIds: number[], userIds: number[], filter: AnswerFilter): Promise<{ rows: AnswerRow[]; choices: ChoiceRecord[] }> {
      if (pollIds.length === 0 || userIds.length === 0) return { rows: [], choices: [] };
      const base = filtered(answers(kysely, pollIds), filter).where('poll_answers.user_id', 'in', userIds);
      const [rows, choices] = await Promise.all([
        base.select(['poll_answers.id', 'poll_answers.poll_id', 'poll_answers.user_id', 'users.first_name', 'users.last_name',
          'poll_answers.free_text', 'poll_answers.comment', 'poll_answers.is_selected', 'poll_answers.is_hidden', 'poll_answers.created_at']).execute(),
        base.innerJoin('poll_answer_choices as c', 'c.answer_id', 'poll_answers.id')
          .innerJoin('poll_alternatives as a', 'a.id', 'c.alternative_id')
          .select(['poll_answers.user_id', 'poll_answers.poll_id', 'a.text']).orderBy('a.position').orderBy('a.id').execute(),
      ]);
      return {
        rows: rows.map((r) => ({
          answerId: r.id, pollId: r.poll_id, userId: r.user_id, firstName: r.first_name, lastName: r.last_name,
          freeText: r.free_text, comment: r.comment, isSelected: r.is_selected, isHidden: r.is_hidden, createdAt: r.created_at,
        })),
        choices: choices.map((c) => ({ userId: c.user_id, pollId: c.poll_id, text: c.text })),
      };
    },

    /** The polls (and items) that have answers given through this template. */
    async pollsOfTemplate(templateId: number): Promise<number[]> {
      const rows = await kysely.selectFrom('poll_answers').select('poll_id').distinct().where('template_id', '=', templateId).execute();
      return rows.map((r) => r.poll_id);
    },

    /** The event's groups (the groups filter). */
    async groups(eventId: number): Promise<{ id: number; name: string }[]> {
      const rows = await kysely.selectFrom('groups').select(['id', 'name']).where('event_id', '=', eventId).orderBy('name').execute();
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },

    /** One answer of this poll with its moderation flags, or undefined. */
    async findAnswer(pollId: number, answerId: number): Promise<AnswerRow | undefined> {
      const row = await kysely.selectFrom('poll_answers').innerJoin('users', 'users.id', 'poll_answers.user_id')
        .select(['poll_answers.id', 'poll_answers.poll_id', 'poll_answers.user_id', 'users.first_name', 'users.last_name',
          'poll_answers.free_text', 'poll_answers.comment', 'poll_answers.is_selected', 'poll_answers.is_hidden', 'poll_answers.created_at',
          'users.is_hidden as author_hidden'])
        .where('poll_answers.poll_id', '=', pollId).where('poll_answers.id', '=', answerId).executeTakeFirst();
      return row && {
        answerId: row.id, pollId: row.poll_id, userId: row.user_id, firstName: row.first_name, lastName: row.last_name,
        freeText: row.free_text, comment: row.comment, isSelected: row.is_selected, isHidden: row.is_hidden, createdAt: row.created_at,
        isAuthorHidden: row.author_hidden,
      };
    },

    /**
     * Sets an answer's flags in one transaction. Presenting one answer unpresents the poll's
     * others (docs/decisions.md: at most one presented answer per poll).
     */
    async setFlags(pollId: number, answerId: number, flags: { isSelected: boolean; isHidden: boolean }): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        if (flags.isSelected) {
          await trx.updateTable('poll_answers').set({ is_selected: false }).where('poll_id', '=', pollId).where('is_selected', '=', true).execute();
        }
        await trx.updateTable('poll_answers').set({ is_selected: flags.isSelected, is_hidden: flags.isHidden })
          .where('poll_id', '=', pollId).where('id', '=', answerId).execute();
      });
    },
  };
}

export type PollResultsRepository = ReturnType<typeof createPollResultsRepository>;
