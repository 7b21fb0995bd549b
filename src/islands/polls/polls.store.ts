import { atom, map } from 'nanostores';
import type { Poll, QuizItemAnswer } from '~/contracts/polls';
import type { QuizChange } from '~/contracts/realtime';
import { ApiError } from '~/islands/http/api-error';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { codedError, withCounts, type CodedError, type CodedKind } from './poll-view';
import { memberJson } from '~/islands/http/api.client';

/** docs/product.md §7 GET liveGetPoll/{id}/0: a poll as the attendee sees it. */
const fetchPoll = (eventId: number, id: number): Promise<Poll> => memberJson(eventId, `liveGetPoll/${id}/0`);

/** docs/product.md §7 GET liveGetPoll/{code}/1: the open coded poll or quiz with that code; `questionType` says which entry asks. */
function fetchPollByCode(eventId: number, code: string, kind: CodedKind): Promise<Poll> {
  const query = kind === 'poll' ? '?questionType=4' : kind === 'quiz' ? '?questionType=5' : '';
  return memberJson(eventId, `liveGetPoll/${encodeURIComponent(code)}/1${query}`);
}

/**
 * docs/product.md §7 POST liveStorePollAnswer: choice, coded and rating polls (Comment: the rating comment).
 * Answers are idempotent on the server, so each is sent again when a node went away with it.
 */
const storePollAnswer = (eventId: number, poll: Poll, alternatives: number[], comment?: string): Promise<Poll> =>
  memberJson(eventId, 'liveStorePollAnswer', {
    method: 'POST',
    idempotent: true,
    body: { PollID: poll.id, QuestionType: poll.questionType, Alternatives: alternatives, ...(comment ? { Comment: comment } : {}) },
  });

/** docs/product.md §7 POST liveStoreFreeTextAnswer. */
const storeFreeTextAnswer = (eventId: number, poll: Poll, text: string): Promise<Poll> =>
  memberJson(eventId, 'liveStoreFreeTextAnswer', { method: 'POST', idempotent: true, body: { PollID: poll.id, QuestionType: poll.questionType, FreeText: text } });

/**
 * docs/product.md §7 POST quizAnswer, or templateQuizAnswer when the quiz runs from a template: a quiz's
 * items all at once, a treasure hunt's one at a time, a template rating as its own one item.
 */
function storeQuizAnswer(eventId: number, quizId: number, items: QuizItemAnswer[], templateId: number | null): Promise<Poll> {
  const path = templateId === null ? 'quizAnswer' : 'templateQuizAnswer';
  return memberJson(eventId, path, { method: 'POST', idempotent: true, body: { quizId, items, ...(templateId === null ? {} : { templateId }) } });
}

export interface PollEntry {
  state: 'loading' | 'loaded' | 'failed';
  poll: Poll | null;
}

/** Every poll this page shows, by id (a quiz holds its items); islands read it through usePoll. */
export const $polls = map<Record<string, PollEntry | undefined>>({});

/** What the shared poll dialog shows: a poll by id, or the coded entry of a kind. */
export type OpenPoll = { pollId: number } | { coded: CodedKind };
export const $openPoll = atom<OpenPoll | null>(null);

/** Why an answer was not stored: answered already (409), closed (422), or anything else. */
export type SubmitFailure = 'conflict' | 'closed' | 'failed';
export type SubmitAnswer = { ok: true } | { ok: false; reason: SubmitFailure };

let eventId: number | undefined;
const watchedQuizKeys = new Set<string>();

/** Binds the store to the attendee's event and starts the live updates once (browser only). */
export function initPolls(forEvent: number): void {
  if (eventId !== undefined || typeof window === 'undefined') return;
  eventId = forEvent;
  onRealtime('poll-change', (data) => {
    if (data.pollId === undefined) return refreshAll();
    for (const poll of loadedPolls()) {
      const isMine = poll.id === data.pollId || poll.items.some((item) => item.poll.id === data.pollId);
      if (!isMine) continue;
      // Counts are the full tally (never a delta); without them the poll changed otherwise: refetch.
      if (data.counts && data.participantsCount !== undefined) {
        setPoll(withCounts(poll, { pollId: data.pollId, parentId: data.parentId ?? null, participantsCount: data.participantsCount, ...data }));
      } else void refreshPoll(poll.id);
    }
  });
  onReconnect(refreshAll);
}

/**
 * Seeds a poll the page rendered (the store keeps a newer copy it already has). Browser only: on
 * the server the store is one for every request, and a poll seeded there would be the next
 * render's, with the first viewer's answers (a different page than the browser hydrates).
 */
export function hydratePoll(poll: Poll): void {
  if (typeof window === 'undefined') return;
  if ($polls.get()[poll.id]?.state !== 'loaded') setPoll(poll);
}

/** Loads a poll unless the store has it or is loading it. */
export function loadPoll(id: number): void {
  if ($polls.get()[id]) return;
  void refreshPoll(id);
}

export async function refreshPoll(id: number): Promise<void> {
  if (eventId === undefined) return;
  const known = $polls.get()[id];
  if (!known?.poll) $polls.setKey(String(id), { state: 'loading', poll: null });
  try {
    setPoll(await fetchPoll(eventId, id));
  } catch {
    if (!known?.poll) $polls.setKey(String(id), { state: 'failed', poll: null });
  }
}

/**
 * Looks a code up (docs/product.md §5, §8): the poll, now in the store, or the message to show. Giving the
 * right code is what lets this attendee read and answer the poll from then on (the server keeps it).
 */
export async function findByCode(code: string, kind: CodedKind): Promise<{ poll: Poll } | { error: CodedError | 'failed' | 'codeRateLimited' }> {
  if (eventId === undefined) return { error: 'failed' };
  try {
    const poll = await fetchPollByCode(eventId, code, kind);
    const error = codedError(kind, poll);
    if (error) return { error };
    setPoll(poll);
    return { poll };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { error: 'failed' };
    // Wrong codes are limited per attendee and address: say to wait, not that this code is wrong.
    if (error.status === 429) return { error: 'codeRateLimited' };
    return { error: codedError(kind, { error: error.code }) ?? 'incorrectCode' };
  }
}

/** A choice, coded or rating poll (locked once stored, docs/product.md §4). */
export const answerChoice = (poll: Poll, alternatives: number[], comment?: string): Promise<SubmitAnswer> =>
  submit(poll.id, (id) => storePollAnswer(id, poll, alternatives, comment));

export const answerFreeText = (poll: Poll, text: string): Promise<SubmitAnswer> =>
  submit(poll.id, (id) => storeFreeTextAnswer(id, poll, text.trim()));

/** A quiz's items at once, or one treasure-hunt item; the answer is the whole quiz again. */
export const answerQuiz = (quiz: Poll, items: QuizItemAnswer[]): Promise<SubmitAnswer> =>
  submit(quiz.id, (id) => storeQuizAnswer(id, quiz.id, items, quiz.templateId));

/** A rating run from a template is sent as its own one item (contracts/polls.ts). */
export const answerTemplateRating = (poll: Poll, alternative: number, comment: string): Promise<SubmitAnswer> =>
  submit(poll.id, (id) => storeQuizAnswer(id, poll.id, [{ id: poll.id, pollId: poll.id, answers: [alternative], comment: comment || null }], poll.templateId ?? poll.id));

export const openPoll = (pollId: number): void => $openPoll.set({ pollId });
export const openCodedEntry = (kind: CodedKind = 'any'): void => $openPoll.set({ coded: kind });
export const closePoll = (): void => $openPoll.set(null);

async function submit(pollId: number, call: (eventId: number) => Promise<Poll>): Promise<SubmitAnswer> {
  if (eventId === undefined) return { ok: false, reason: 'failed' };
  try {
    setPoll(await call(eventId));
    return { ok: true };
  } catch (error) {
    const reason: SubmitFailure = error instanceof ApiError && error.status === 409 ? 'conflict' : error instanceof ApiError && error.status === 422 ? 'closed' : 'failed';
    // Answered elsewhere or closed meanwhile: show what is true now.
    if (reason !== 'failed') void refreshPoll(pollId);
    return { ok: false, reason };
  }
}

function setPoll(poll: Poll): void {
  $polls.setKey(String(poll.id), { state: 'loaded', poll });
  if (poll.items.length > 0) watchQuiz(poll.accessKey);
}

/** quiz-change-{accessKey} (docs/product.md §4) carries the quiz's moved items with their counts. */
function watchQuiz(accessKey: string): void {
  if (typeof window === 'undefined' || !accessKey || watchedQuizKeys.has(accessKey)) return;
  watchedQuizKeys.add(accessKey);
  onRealtime(`quiz-change-${accessKey}`, (data) => {
    const change = data as Partial<QuizChange>;
    const quiz = loadedPolls().find((p) => p.accessKey === accessKey);
    if (!quiz) return;
    if (!Array.isArray(change.items)) return void refreshPoll(quiz.id);
    let next = quiz;
    for (const counts of change.items) next = withCounts(next, counts);
    if (next.publicResults && typeof change.participantsCount === 'number') next = { ...next, participantsCount: change.participantsCount };
    setPoll(next);
  });
}

function loadedPolls(): Poll[] {
  return Object.values($polls.get()).flatMap((entry) => (entry?.poll ? [entry.poll] : []));
}

function refreshAll(): void {
  for (const poll of loadedPolls()) void refreshPoll(poll.id);
}
