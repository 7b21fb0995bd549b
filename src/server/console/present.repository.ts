import type { Db } from '~/server/db/database';

export interface PresentPoll {
  id: number;
  title: string;
  question: string;
  questionType: number;
  isTemplate: boolean;
  /** When its round began (ISO); null: not known. */
  openedAt: string | null;
}

export interface Submission {
  name: string;
  isHidden: boolean;
  correct: number;
  answeredAt: string;
}

/** What the projector reads: a quiz's submissions by score and time, an open-text poll's answers. */
export function createPresentRepository(db: Db) {
  const { kysely } = db;
  return {
    async findPoll(eventId: number, id: number): Promise<PresentPoll | undefined> {
      const row = await kysely.selectFrom('polls').select(['id', 'title', 'question', 'question_type', 'is_template', 'opened_at'])
        .where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
      return row && { id: row.id, title: row.title, question: row.question, questionType: row.question_type, isTemplate: row.is_template, openedAt: row.opened_at };
    },

    /**
     * The best `limit` submissions of a quiz (its own answer row carries the score), most correct
     * first, then the earliest (every answer time counts from the same opening, so the fastest);
     * organisers' tries left out. Answers how many submitted, too.
     */
    async quizSubmissions(quizId: number, limit: number): Promise<{ rows: Submission[]; participants: number }> {
      const base = kysely.selectFrom('poll_answers').innerJoin('users', 'users.id', 'poll_answers.user_id')
        .where('poll_answers.poll_id', '=', quizId).where('users.is_organiser', '=', false);
      const [rows, count] = await Promise.all([
        base.select(['users.first_name', 'users.last_name', 'users.is_hidden', 'poll_answers.score', 'poll_answers.created_at'])
          .orderBy('poll_answers.score', 'desc').orderBy('poll_answers.created_at').orderBy('poll_answers.id').limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        participants: count.n,
        rows: rows.map((r) => ({ name: `${r.first_name} ${r.last_name}`.trim(), isHidden: r.is_hidden, correct: r.score ?? 0, answeredAt: r.created_at })),
      };
    },

    async questionCount(quizId: number): Promise<number> {
      const row = await kysely.selectFrom('polls').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', quizId).executeTakeFirstOrThrow();
      return row.n;
    },

    /** An open-text poll's visible answers, newest first, the presented one with its author, and how many answered. */
    async openTextAnswers(pollId: number, limit: number) {
      const visible = kysely.selectFrom('poll_answers').where('poll_id', '=', pollId).where('is_hidden', '=', false);
      const [answers, presented, count] = await Promise.all([
        visible.select(['id', 'free_text']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
        kysely.selectFrom('poll_answers').innerJoin('users', 'users.id', 'poll_answers.user_id')
          .select(['poll_answers.free_text', 'users.first_name', 'users.last_name', 'users.is_hidden'])
          .where('poll_answers.poll_id', '=', pollId).where('poll_answers.is_selected', '=', true).where('poll_answers.is_hidden', '=', false)
          .executeTakeFirst(),
        visible.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: count.n,
        answers: answers.map((a) => ({ id: a.id, text: a.free_text ?? '' })),
        presented: presented ? { text: presented.free_text ?? '', author: presented.is_hidden ? '' : `${presented.first_name} ${presented.last_name}`.trim() } : null,
      };
    },
  };
}

export type PresentRepository = ReturnType<typeof createPresentRepository>;
