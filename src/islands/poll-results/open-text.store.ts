import { atom } from 'nanostores';
import type { ResultPoll } from '~/contracts/poll-results';
import { ApiError } from '~/islands/http/api-error';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { $filter, fetchPollStream, fetchQuizStream, setLoader } from './results.store';
import { datesComplete } from './results-rules';

/** The open-text stream (docs/product.md §2, §4): the quiz's open-text questions (or the one poll) and which is shown. */
export interface OpenTextState {
  status: 'loading' | 'loaded' | 'error' | 'noOpenText';
  title: string;
  polls: ResultPoll[];
  index: number;
}

export const $openText = atom<OpenTextState>({ status: 'loading', title: '', polls: [], index: 0 });

let eventId = 0;
let key = '';
let isQuiz = true;
let loginHref = '';

/** docs/product.md §4: shows the poll having a selected answer, otherwise the first (only when nothing is chosen yet). */
const startIndex = (polls: ResultPoll[]) => Math.max(0, polls.findIndex((p) => p.votes.some((v) => v.isSelected)));

async function reload(): Promise<void> {
  const filter = $filter.get();
  if (!datesComplete(filter.fromDate, filter.toDate)) return;
  const before = $openText.get();
  try {
    const next = isQuiz
      ? await fetchQuizStream(eventId, key, filter).then((s) => ({ title: s.title, polls: s.items.filter((i) => i.questionType === 1) }))
      : await fetchPollStream(eventId, key, filter).then((p) => ({ title: p.title, polls: [p] }));
    if (next.polls.length === 0) return $openText.set({ ...next, status: 'noOpenText', index: 0 });
    const index = before.status === 'loaded' ? Math.min(before.index, next.polls.length - 1) : startIndex(next.polls);
    $openText.set({ status: 'loaded', ...next, index });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) location.assign(loginHref);
    $openText.set({ ...before, status: 'error' });
  }
}

export function hydrateOpenText(options: { eventId: number; pollAccessKey: string; isQuiz: boolean; loginHref: string; initial: OpenTextState }): void {
  ({ eventId, isQuiz, loginHref } = options);
  key = options.pollAccessKey;
  $openText.set({ ...options.initial, index: options.initial.status === 'loaded' ? startIndex(options.initial.polls) : 0 });
  setLoader(reload);
}

export const showPoll = (index: number): void => $openText.set({ ...$openText.get(), index });

/** Moderation on any screen, and new answers, reload the stream (browser only). */
export function followOpenText(): () => void {
  const mine = (pollId: number | undefined) => pollId === undefined || $openText.get().polls.some((p) => p.id === pollId);
  const stops = [
    onRealtime('poll-answer-change', (data) => { if (mine(data.pollId)) void reload(); }),
    onRealtime('poll-change', (data) => { if (mine(data.pollId)) void reload(); }),
    onRealtime('quiz-change', () => void reload()),
    onReconnect(() => void reload()),
  ];
  return () => stops.forEach((stop) => stop());
}
