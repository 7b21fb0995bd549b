import type {
  OpenTextVote, PollResultsResponse, PresentType, QuizStreamResponse, ResultPoll, ResultsIndexResponse, TemplateResultsResponse,
} from '~/contracts/poll-results';
import { apiJson, eventApiUrl } from '~/islands/http/api.client';

/** The filter every results call takes (SPEC §7): dates both or neither, groups. */
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

export const fetchIndex = (eventId: number): Promise<ResultsIndexResponse> => get(eventId, 'pollResults');

export const fetchPollResults = (eventId: number, key: string, filter: ResultsFilter, page = 1): Promise<PollResultsResponse> =>
  get(eventId, `filteredPollResults/${encodeURIComponent(key)}${query(filter, page > 1 ? { page: String(page) } : {})}`);

export const fetchTemplatePollResults = (eventId: number, key: string, filter: ResultsFilter): Promise<PollResultsResponse> =>
  get(eventId, `templatePollResults/${encodeURIComponent(key)}${query(filter)}`);

export const fetchTemplateResults = (eventId: number, key: string, filter: ResultsFilter): Promise<TemplateResultsResponse> =>
  get(eventId, `templateResults/${encodeURIComponent(key)}${query(filter)}`);

export const fetchPollStream = (eventId: number, key: string, filter: ResultsFilter): Promise<ResultPoll> =>
  get(eventId, `pollStream/${encodeURIComponent(key)}${query(filter)}`);

export const fetchQuizStream = (eventId: number, key: string, filter: ResultsFilter): Promise<QuizStreamResponse> =>
  get(eventId, `quizStream/${encodeURIComponent(key)}${query(filter)}`);

/** SPEC §7 POST togglePollAnswerPresentation/{pollId}: PresentType 1 present, 0 unpresent, 2 hide, 3 list again. */
export const togglePresentation = (eventId: number, vote: OpenTextVote, presentType: PresentType): Promise<OpenTextVote> =>
  apiJson(eventApiUrl(eventId, `togglePollAnswerPresentation/${vote.pollId}`), {
    method: 'POST', body: { AnswerId: vote.answerId, PresentType: presentType, Label: vote.label, CreatedOn: vote.createdOn },
  });

/** SPEC §7 POST /connect/poll; the results cookie is set by the answer. */
export const connectPoll = (password: string, pollAccessKey?: string): Promise<{ isLoginSuccess: boolean; isGenericLogin: boolean; marker?: string }> =>
  apiJson('/connect/poll', { method: 'POST', body: { password, ...(pollAccessKey ? { pollAccessKey } : {}) } });

/** SPEC §7 POST /connect/participant: `false` for a wrong password. */
export const connectParticipant = (password: string): Promise<false | { isLoginSuccess: true; marker: string }> =>
  apiJson('/connect/participant', { method: 'POST', body: { password, accessKey: 'participants' } });
