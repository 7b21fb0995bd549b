import type { Poll, QuizItemAnswer } from '~/contracts/polls';
import { memberJson } from '~/islands/http/api.client';
import type { CodedKind } from './poll-view';

/** SPEC §7 GET liveGetPoll/{id}/0: a poll as the attendee sees it. */
export const fetchPoll = (eventId: number, id: number): Promise<Poll> => memberJson(eventId, `liveGetPoll/${id}/0`);

/** SPEC §7 GET liveGetPoll/{code}/1: the open coded poll or quiz with that code; `questionType` says which entry asks. */
export function fetchPollByCode(eventId: number, code: string, kind: CodedKind): Promise<Poll> {
  const query = kind === 'poll' ? '?questionType=4' : kind === 'quiz' ? '?questionType=5' : '';
  return memberJson(eventId, `liveGetPoll/${encodeURIComponent(code)}/1${query}`);
}

/**
 * SPEC §7 POST liveStorePollAnswer: choice, coded and rating polls (Comment: the rating comment).
 * Answers are idempotent on the server, so each is sent again when a node went away with it.
 */
export const storePollAnswer = (eventId: number, poll: Poll, alternatives: number[], comment?: string): Promise<Poll> =>
  memberJson(eventId, 'liveStorePollAnswer', {
    method: 'POST',
    idempotent: true,
    body: { PollID: poll.id, QuestionType: poll.questionType, Alternatives: alternatives, ...(comment ? { Comment: comment } : {}) },
  });

/** SPEC §7 POST liveStoreFreeTextAnswer. */
export const storeFreeTextAnswer = (eventId: number, poll: Poll, text: string): Promise<Poll> =>
  memberJson(eventId, 'liveStoreFreeTextAnswer', { method: 'POST', idempotent: true, body: { PollID: poll.id, QuestionType: poll.questionType, FreeText: text } });

/**
 * SPEC §7 POST quizAnswer, or templateQuizAnswer when the quiz runs from a template: a quiz's
 * items all at once, a treasure hunt's one at a time, a template rating as its own one item.
 */
export function storeQuizAnswer(eventId: number, quizId: number, items: QuizItemAnswer[], templateId: number | null): Promise<Poll> {
  const path = templateId === null ? 'quizAnswer' : 'templateQuizAnswer';
  return memberJson(eventId, path, { method: 'POST', idempotent: true, body: { quizId, items, ...(templateId === null ? {} : { templateId }) } });
}
