import { FREE_TEXT_MAX, QUESTION_TYPE, RATING_COMMENT_MAX_SCORE, type QuizItemAnswer } from '~/contracts/polls';
import { DomainError } from '~/server/errors';
import type { AlternativeRecord, AnswerRecord, PollRecord } from './poll.repository';
import { ratingScore } from './scoring';

/** Where a value came from in the request, so a 400 names the field (e.g. `items[2].answers`). */
export interface Fields {
  alternatives: string;
  comment: string;
}

const invalid = (field: string, message: string) => new DomainError('poll.invalid', `${field}: ${message}`, { field });

/** Question types answered by choosing alternatives (liveStorePollAnswer, quiz items). */
export const CHOICE_TYPES: readonly number[] = [QUESTION_TYPE.MULTIPLE_ANSWERS, QUESTION_TYPE.CODED_POLL, QUESTION_TYPE.RATING];

/**
 * A choice answer checked against the poll: every id one of its alternatives, a rating exactly
 * one, and docs/product.md §5's rule that a rating of 2 or lower needs a comment when comments are on.
 * The comment is kept only where comments are enabled.
 */
export function choiceAnswer(
  poll: PollRecord, alternatives: AlternativeRecord[], ids: number[], comment: string | null | undefined, fields: Fields,
): AnswerRecord {
  const own = alternatives.filter((a) => a.pollId === poll.id);
  const unknown = ids.find((id) => !own.some((a) => a.id === id));
  if (unknown !== undefined) throw invalid(fields.alternatives, `${unknown} is not an alternative of poll ${poll.id}`);
  const text = poll.isCommentsEnabled && comment ? comment : null;
  if (poll.questionType !== QUESTION_TYPE.RATING) {
    return { pollId: poll.id, templateId: null, freeText: null, score: null, comment: text, alternativeIds: ids };
  }
  if (ids.length !== 1) throw invalid(fields.alternatives, 'a rating takes exactly one score');
  const position = own.findIndex((a) => a.id === ids[0]);
  const score = ratingScore(own[position]!.value, position);
  // docs/product.md §5: with comments enabled, a score of 2 or lower needs a comment.
  if (poll.isCommentsEnabled && score <= RATING_COMMENT_MAX_SCORE && !text) {
    throw new DomainError('poll.comment_required', `${fields.comment}: a score of ${score} needs a comment`, { field: fields.comment });
  }
  return { pollId: poll.id, templateId: null, freeText: null, score, comment: text, alternativeIds: ids };
}

export function freeTextAnswer(poll: PollRecord, text: string): AnswerRecord {
  return { pollId: poll.id, templateId: null, freeText: text, score: null, comment: null, alternativeIds: [] };
}

/** One quiz item's answer: alternative ids for a choice item, one text for an open-text item. */
export function itemAnswer(item: PollRecord, alternatives: AlternativeRecord[], input: QuizItemAnswer, index: number): AnswerRecord {
  const field = `items[${index}]`;
  if (item.questionType === QUESTION_TYPE.OPEN_TEXT) {
    const text = typeof input.answers[0] === 'string' ? input.answers[0].trim() : '';
    if (input.answers.length !== 1 || text === '') throw invalid(`${field}.answers`, 'an open-text item takes one text');
    if (text.length > FREE_TEXT_MAX) throw invalid(`${field}.answers`, `at most ${FREE_TEXT_MAX} characters`);
    return freeTextAnswer(item, text);
  }
  if (!CHOICE_TYPES.includes(item.questionType)) throw invalid(`${field}.pollId`, 'this item cannot be answered');
  const ids = input.answers.map((a) => (typeof a === 'number' ? a : /^\s*\d{1,9}\s*$/.test(a) ? Number(a) : NaN));
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) throw invalid(`${field}.answers`, 'must be alternative ids');
  return choiceAnswer(item, alternatives, [...new Set(ids)], input.comment, { alternatives: `${field}.answers`, comment: `${field}.comment` });
}
