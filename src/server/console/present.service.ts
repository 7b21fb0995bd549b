import type { LeaderboardRow, PresentView } from '~/contracts/console-present';
import { QUESTION_TYPE } from '~/contracts/polls';
import { DomainError } from '~/server/errors';
import type { Organiser } from './organiser-access';
import type { PresentRepository, Submission } from './present.repository';

/** The leaderboard's length on the projector. */
export const LEADERBOARD_SIZE = 10;
/** Open-text answers on the projector's wall. */
export const ANSWER_WALL_SIZE = 24;

const QUIZ_KINDS: readonly number[] = [QUESTION_TYPE.QUIZ, QUESTION_TYPE.CODED_QUIZ];

/** Milliseconds from the round's opening to a submission (never below 0: nodes' clocks differ a little); null without an opening. */
export function answerTime(answeredAt: string, openedAt: string | null): number | null {
  return openedAt === null ? null : Math.max(0, Date.parse(answeredAt) - Date.parse(openedAt));
}

/**
 * Competition ranks: most correct first, then the fastest answer (from `openedAt`, the round's
 * opening; without one, the earliest submission). Equal score and time share a place (1, 2, 2, 4);
 * a hidden attendee keeps the place, not the name; the top `size` places.
 */
export function rankSubmissions(submissions: Submission[], openedAt: string | null, size = LEADERBOARD_SIZE): LeaderboardRow[] {
  const rows = submissions
    .map((row) => ({ ...row, answerMs: answerTime(row.answeredAt, openedAt), moment: Date.parse(row.answeredAt) }))
    .sort((a, b) => b.correct - a.correct || a.moment - b.moment);
  const ranked: LeaderboardRow[] = [];
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    const isTie = previous !== undefined && previous.correct === row.correct && previous.moment === row.moment;
    const rank = isTie ? ranked[index - 1]!.rank : index + 1;
    if (rank <= size) ranked.push({ rank, name: row.isHidden ? null : row.name, correct: row.correct, answeredAt: row.answeredAt, answerMs: row.answerMs });
  });
  return ranked;
}

/**
 * The projector (`/console/present/{pollId}`): a quiz's leaderboard (most correct, then fastest,
 * the way Kahoot ends a round) or an open-text poll's presented and visible answers. Another
 * event's poll or a template is 404; a poll of another kind 422 `console.wrong_kind`.
 */
export function createPresent({ repository }: { repository: PresentRepository }) {
  return {
    async view(organiser: Organiser, pollId: number): Promise<PresentView> {
      const poll = await repository.findPoll(organiser.eventId, pollId);
      if (!poll || poll.isTemplate) throw new DomainError('poll.not_found', 'No such poll', { field: 'pollId' });
      if (QUIZ_KINDS.includes(poll.questionType)) {
        // Ties beyond the last place still count for it: read a few more than the board shows.
        const [{ rows, participants }, questions] = await Promise.all([
          repository.quizSubmissions(poll.id, LEADERBOARD_SIZE * 5), repository.questionCount(poll.id),
        ]);
        return { kind: 'leaderboard', pollId: poll.id, title: poll.title, questions, participants, rows: rankSubmissions(rows, poll.openedAt) };
      }
      if (poll.questionType === QUESTION_TYPE.OPEN_TEXT) {
        const wall = await repository.openTextAnswers(poll.id, ANSWER_WALL_SIZE);
        return { kind: 'openText', pollId: poll.id, title: poll.title, question: poll.question, ...wall };
      }
      throw new DomainError('console.wrong_kind', 'Only quizzes and open-text polls go on the projector', { field: 'pollId' });
    },
  };
}

export type Present = ReturnType<typeof createPresent>;
