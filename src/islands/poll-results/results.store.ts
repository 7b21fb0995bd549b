import { atom, map } from 'nanostores';
import type { OpenTextVote, PollResultsResponse, PresentType, QuizStreamResponse, ResultPoll, ResultsIndexResponse, TemplateResultsResponse } from '~/contracts/poll-results';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { ApiError } from '~/islands/http/api-error';
import { datesComplete, pressMode, refreshed, selectQuiz, selectTemplate, type ResultsMode, type Selection } from './results-rules';
import { apiJson, eventApiUrl } from '~/islands/http/api.client';

/** The filter every results call takes (docs/product.md §7): dates both or neither, groups. */
export interface ResultsFilter {
  fromDate: string;
  toDate: string;
  groups: number[];
}

function query(filter: ResultsFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filter.fromDate && filter.toDate) {
    params.set('fromDate', filter.fromDate);
    params.set('toDate', filter.toDate);
  }
  if (filter.groups.length > 0) params.set('groups', filter.groups.join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}

// Results calls carry the HttpOnly results cookie (same origin), never the attendee's token.
const get = <T>(eventId: number, path: string): Promise<T> => apiJson<T>(eventApiUrl(eventId, path));

const fetchIndex = (eventId: number): Promise<ResultsIndexResponse> => get(eventId, 'pollResults');

const fetchPollResults = (eventId: number, key: string, filter: ResultsFilter, page = 1): Promise<PollResultsResponse> =>
  get(eventId, `filteredPollResults/${encodeURIComponent(key)}${query(filter, page > 1 ? { page: String(page) } : {})}`);

const fetchTemplatePollResults = (eventId: number, key: string, filter: ResultsFilter): Promise<PollResultsResponse> =>
  get(eventId, `templatePollResults/${encodeURIComponent(key)}${query(filter)}`);

const fetchTemplateResults = (eventId: number, key: string, filter: ResultsFilter): Promise<TemplateResultsResponse> =>
  get(eventId, `templateResults/${encodeURIComponent(key)}${query(filter)}`);

export const fetchPollStream = (eventId: number, key: string, filter: ResultsFilter): Promise<ResultPoll> =>
  get(eventId, `pollStream/${encodeURIComponent(key)}${query(filter)}`);

export const fetchQuizStream = (eventId: number, key: string, filter: ResultsFilter): Promise<QuizStreamResponse> =>
  get(eventId, `quizStream/${encodeURIComponent(key)}${query(filter)}`);

/** docs/product.md §7 POST togglePollAnswerPresentation/{pollId}: PresentType 1 present, 0 unpresent, 2 hide, 3 list again. */
export const togglePresentation = (eventId: number, vote: OpenTextVote, presentType: PresentType): Promise<OpenTextVote> =>
  apiJson(eventApiUrl(eventId, `togglePollAnswerPresentation/${vote.pollId}`), {
    method: 'POST', body: { AnswerId: vote.answerId, PresentType: presentType, Label: vote.label, CreatedOn: vote.createdOn },
  });

/** docs/product.md §7 POST /connect/poll; the results cookie is set by the answer. */
export const connectPoll = (password: string, pollAccessKey?: string): Promise<{ isLoginSuccess: boolean; isGenericLogin: boolean; marker?: string }> =>
  apiJson('/connect/poll', { method: 'POST', body: { password, ...(pollAccessKey ? { pollAccessKey } : {}) } });

/** docs/product.md §7 POST /connect/participant: `false` for a wrong password. */
export const connectParticipant = (password: string): Promise<false | { isLoginSuccess: true; marker: string }> =>
  apiJson('/connect/participant', { method: 'POST', body: { password, accessKey: 'participants' } });

export type LoadStatus = 'loading' | 'loaded' | 'failed' | 'notFound';

/** The results page's state (docs/product.md §4): filter, selection, mode and what was loaded for them. */
export const $filter = map<ResultsFilter>({ fromDate: '', toDate: '', groups: [] });
export const $selection = atom<Selection>({ templateKey: null, quizKey: null });
export const $mode = atom<ResultsMode>('results');
export const $index = atom<ResultsIndexResponse | null>(null);
export const $results = atom<PollResultsResponse | null>(null);
export const $templateRatings = atom<TemplateResultsResponse | null>(null);
export const $status = atom<LoadStatus>('loaded');
/** The question shown of a quiz or hunt (index into its items). */
export const $questionIndex = atom(0);

let eventId = 0;
/** Where an expired results session goes (the login of this page). */
let loginHref = '/login-poll-results';
let generation = 0;

/** What a filter change or refresh reloads: the results page's selection, or another screen's view (setLoader). */
let loader: () => Promise<void> = loadSelection;
export const load = (): Promise<void> => loader();
/** Makes filter changes, refreshes and live frames reload another screen's data (the open-text stream). */
export function setLoader(reload: () => Promise<void>): void {
  loader = reload;
}

/** Loads what the selection shows under the filter; a newer load wins over an older one. */
async function loadSelection(): Promise<void> {
  const filter = $filter.get();
  if (!datesComplete(filter.fromDate, filter.toDate)) return;
  const { quizKey, templateKey } = $selection.get();
  const mine = ++generation;
  try {
    if (templateKey) {
      const [results, ratings] = await Promise.all([fetchTemplatePollResults(eventId, templateKey, filter), fetchTemplateResults(eventId, templateKey, filter)]);
      if (mine !== generation) return;
      $results.set(results);
      $templateRatings.set(ratings);
    } else if (quizKey) {
      const results = await fetchPollResults(eventId, quizKey, filter);
      if (mine !== generation) return;
      $results.set(results);
      $templateRatings.set(null);
    } else {
      $results.set(null);
    }
    $status.set('loaded');
  } catch (error) {
    if (mine !== generation) return;
    if (error instanceof ApiError && error.status === 401) location.assign(loginHref);
    $status.set(error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed');
  }
}

export function setFilter(change: Partial<ResultsFilter>): void {
  $filter.set({ ...$filter.get(), ...change });
  void load();
}

export function chooseTemplate(key: string | null): void {
  $selection.set(selectTemplate(key));
  $questionIndex.set(0);
  void load();
}

export function chooseQuiz(key: string | null): void {
  $selection.set(selectQuiz(key));
  $questionIndex.set(0);
  void load();
}

/** docs/product.md §4: refresh clears the selected group and refetches. */
export async function refresh(): Promise<void> {
  $selection.set(refreshed($selection.get()));
  if ($index.get()) $index.set(await fetchIndex(eventId).catch(() => $index.get()));
  await load();
}

export const choose = (mode: ResultsMode): void => $mode.set(pressMode($mode.get(), mode));

function affects(pollId: number | undefined): boolean {
  const results = $results.get();
  if (!results || pollId === undefined) return results !== null;
  return results.poll.id === pollId || results.items.some((i) => i.id === pollId);
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** Refetches at most every 400 ms while votes arrive, so a burst costs a few loads, not one per vote. */
function soon(): void {
  timer ??= setTimeout(() => { timer = undefined; void load(); }, 400);
}

/** Starts the page's state from what the server rendered (safe during server rendering). */
export function hydrateResults(options: { eventId: number; loginHref: string; selection: Selection; mode: ResultsMode; index: ResultsIndexResponse | null; results: PollResultsResponse | null; templateRatings: TemplateResultsResponse | null }): void {
  eventId = options.eventId;
  loginHref = options.loginHref;
  $selection.set(options.selection);
  $mode.set(options.mode);
  $index.set(options.index);
  $results.set(options.results);
  $templateRatings.set(options.templateRatings);
  $status.set(options.results || !options.selection.quizKey ? 'loaded' : 'notFound');
}

/** Follows votes and moderation live (browser only): a frame about the shown poll refetches it. */
export function followResults(): () => void {
  const stops = [
    onRealtime('poll-change', (data) => { if (affects(data.pollId)) soon(); }),
    onRealtime('quiz-change', (data) => { if (affects(data.pollId)) soon(); }),
    onRealtime('poll-answer-change', (data) => { if (affects(data.pollId)) soon(); }),
    onReconnect(() => void load()),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Appends the next page of the participant table. */
export async function loadMore(): Promise<void> {
  const current = $results.get();
  const { quizKey } = $selection.get();
  if (!current || !quizKey) return;
  try {
    const next = await fetchPollResults(eventId, quizKey, $filter.get(), current.page + 1);
    $results.set({ ...next, votesRegistrations: [...current.votesRegistrations, ...next.votesRegistrations] });
  } catch {
    $status.set('failed');
  }
}
