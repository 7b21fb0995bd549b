import { POLL_CODE_PATTERN, QUESTION_TYPE, RATING_COMMENT_MAX_SCORE, type Poll, type PollCounts, type PollItem } from '~/contracts/polls';

/** How a poll is answered on screen. */
export type PollKind = 'choice' | 'openText' | 'rating' | 'quiz' | 'hunt';

export function pollKind(poll: Pick<Poll, 'questionType'>): PollKind {
  switch (poll.questionType) {
    case QUESTION_TYPE.OPEN_TEXT: return 'openText';
    case QUESTION_TYPE.RATING: return 'rating';
    case QUESTION_TYPE.QUIZ:
    case QUESTION_TYPE.CODED_QUIZ: return 'quiz';
    case QUESTION_TYPE.TREASURE_HUNT: return 'hunt';
    default: return 'choice';
  }
}

/** An answer being composed: chosen alternative ids, a text (open text), and a rating comment. */
export interface Draft {
  choices: number[];
  text: string;
  comment: string;
}
export const EMPTY_DRAFT: Draft = { choices: [], text: '', comment: '' };

/** docs/product.md §5: with comments enabled, a rating score of 2 or lower needs a comment. */
export function needsComment(poll: Pick<Poll, 'isCommentsEnabled' | 'alternatives'>, choiceId: number | undefined): boolean {
  if (!poll.isCommentsEnabled || choiceId === undefined) return false;
  const alternative = poll.alternatives.find((a) => a.id === choiceId);
  const score = alternative?.value ?? Number(alternative?.text);
  return Number.isFinite(score) && score <= RATING_COMMENT_MAX_SCORE;
}

/** Whether a draft is a complete answer: what enables Next, Send and Ok. */
export function isDraftComplete(poll: Poll, draft: Draft): boolean {
  switch (pollKind(poll)) {
    case 'openText': return draft.text.trim().length > 0;
    case 'rating': return draft.choices.length === 1 && (!needsComment(poll, draft.choices[0]) || draft.comment.trim().length > 0);
    default: return draft.choices.length > 0;
  }
}

/** Chosen alternatives after a tap: single choice replaces, multi choice toggles. */
export function toggleChoice(choices: readonly number[], id: number, isMulti: boolean): number[] {
  if (!isMulti) return [id];
  return choices.includes(id) ? choices.filter((c) => c !== id) : [...choices, id];
}

/** The quiz stepper (docs/product.md §4): Previous everywhere but the first item; the last item submits all. */
export function stepperState(index: number, count: number): { canGoBack: boolean; isLast: boolean; position: number } {
  const at = Math.min(Math.max(index, 0), Math.max(count - 1, 0));
  return { canGoBack: at > 0, isLast: at >= count - 1, position: at + 1 };
}

/** docs/product.md §4: a treasure hunt starts at the first unanswered item; every item answered → items.length. */
export function huntStartIndex(items: readonly PollItem[]): number {
  const index = items.findIndex((item) => !item.poll.isAnswered);
  return index === -1 ? items.length : index;
}

/** Keeps what a code field may hold: digits only, at most four (docs/product.md §5). */
export const cleanCode = (raw: string): string => raw.replace(/\D/g, '').slice(0, 4);
export const isValidCode = (code: string): boolean => POLL_CODE_PATTERN.test(code);

/** Which coded entry asks: a coded poll, a coded quiz, or either (the stage's and web app's button). */
export type CodedKind = 'poll' | 'quiz' | 'any';

/** The three messages of docs/product.md §8, as locale keys under `polls`. */
export type CodedError = 'incorrectCode' | 'incorrectPollCode' | 'incorrectQuizCode';

/**
 * docs/product.md §8 for a code lookup: no poll → 'Incorrect code'; a poll of the wrong kind → 'Incorrect
 * poll code' (the poll entry got a quiz's code) or 'Incorrect quiz code' (the quiz entry got a
 * poll's code). `found` is the poll the server returned, or the server's error code.
 */
export function codedError(kind: CodedKind, found: Pick<Poll, 'questionType'> | { error: string }): CodedError | null {
  if ('error' in found) {
    if (/wrong_type|wrong_kind|not_a_quiz|not_a_poll/.test(found.error)) return kind === 'quiz' ? 'incorrectQuizCode' : 'incorrectPollCode';
    return 'incorrectCode';
  }
  const isQuiz = found.questionType === QUESTION_TYPE.CODED_QUIZ;
  const isPoll = found.questionType === QUESTION_TYPE.CODED_POLL;
  if (kind === 'poll' && !isPoll) return isQuiz ? 'incorrectPollCode' : 'incorrectCode';
  if (kind === 'quiz' && !isQuiz) return isPoll ? 'incorrectQuizCode' : 'incorrectCode';
  if (kind === 'any' && !isPoll && !isQuiz) return 'incorrectCode';
  return null;
}

/** A poll with a live tally applied (to itself or to one of its items); unchanged when it is neither. */
export function withCounts(poll: Poll, counts: PollCounts): Poll {
  if (poll.id === counts.pollId) {
    if (!counts.counts) return { ...poll, participantsCount: poll.publicResults ? counts.participantsCount : poll.participantsCount };
    const byId = new Map(counts.counts.map((c) => [c.id, c.count]));
    return {
      ...poll,
      alternatives: poll.alternatives.map((a) => ({ ...a, count: byId.get(a.id) ?? a.count ?? 0 })),
      allVoteCount: counts.allVoteCount ?? poll.allVoteCount,
      participantsCount: counts.participantsCount,
      average: counts.average !== undefined ? counts.average : poll.average,
    };
  }
  if (!poll.items.some((item) => item.poll.id === counts.pollId)) return poll;
  return { ...poll, items: poll.items.map((item) => (item.poll.id === counts.pollId ? { ...item, poll: withCounts(item.poll, counts) } : item)) };
}

/** Share of the votes as a whole percent (0 without votes). */
export function percentOf(count: number | null, total: number | null): number {
  return count && total ? Math.round((count / total) * 100) : 0;
}
