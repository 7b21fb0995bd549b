import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * Answers to polls, quizzes and hunts. Erasing keeps them: votes stay counted, and their
 * author is the anonymised account, which names nobody (docs/privacy.md).
 */
export function createPollPersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'pollAnswers',
    async export({ eventId, userId }) {
      const answers = await kysely.selectFrom('poll_answers').innerJoin('polls', 'polls.id', 'poll_answers.poll_id')
        .select(['poll_answers.id', 'polls.title', 'polls.question', 'poll_answers.free_text as freeText', 'poll_answers.score', 'poll_answers.comment', 'poll_answers.created_at as answeredAt'])
        .where('polls.event_id', '=', eventId).where('poll_answers.user_id', '=', userId).orderBy('poll_answers.id').execute();
      const choices = answers.length === 0 ? [] : await kysely.selectFrom('poll_answer_choices')
        .innerJoin('poll_alternatives', 'poll_alternatives.id', 'poll_answer_choices.alternative_id')
        .select(['poll_answer_choices.answer_id', 'poll_alternatives.text']).where('poll_answer_choices.answer_id', 'in', answers.map((a) => a.id)).execute();
      return answers.map(({ id, ...answer }) => ({ ...answer, choices: choices.filter((c) => c.answer_id === id).map((c) => c.text) }));
    },
    async erase() {
      // Kept on purpose; see above.
    },
  };
}
