import { shedRetryDelay } from '~/lib/shed-retry';
import { logout } from '~/islands/login/session.store';
import { readTokens, type StoredTokens } from '~/islands/login/token-storage';
import { ApiError, readApiError } from './api-error';
import { refreshTokens } from './token.client';

/**
 * The one HTTP client of the browser. Islands and stores call the API through it and never
 * use fetch() themselves; the OAuth endpoints live beside it in token.client.ts.
 */

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** URLSearchParams go as a form, anything else as JSON. */
  body?: unknown;
  /** Default same-origin, which sends the HttpOnly session cookie. */
  credentials?: RequestCredentials;
  /**
   * The event of the attendee's session: its stored Bearer token is added, a 401 refreshes the
   * tokens once and repeats the call, and a 401 after that logs out (SPEC §4 "any 401").
   * Left out for public calls and for extras whose failure is ignored (SPEC §8).
   */
  session?: number;
}

/** Where the API of one event lives (SPEC §7). */
export const eventApiUrl = (eventId: number, path: string): string => `/api/liveEvent/${eventId}/${path}`;

function requestInit(call: ApiCall, tokens: StoredTokens | null): RequestInit {
  const headers = new Headers({ accept: 'application/json' });
  if (tokens) headers.set('authorization', `Bearer ${tokens.access_token}`);
  let body: BodyInit | undefined;
  if (call.body instanceof URLSearchParams) body = call.body;
  else if (call.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body);
  }
  return { method: call.method ?? 'GET', headers, body: body ?? null, credentials: call.credentials ?? 'same-origin' };
}

/**
 * fetch(), repeated while a busy node refuses the call with 503 + Retry-After (docs/operations.md,
 * overload shedding), for as long as src/lib/shed-retry.ts allows: the node refused it before
 * doing anything, so even a vote is safe to send again.
 */
async function fetchThroughShedding(url: string, init: RequestInit): Promise<Response> {
  let response = await fetch(url, init);
  const firstAnswerAt = Date.now();
  for (let retry = 0; response.status === 503; retry++) {
    const wait = shedRetryDelay(response.headers.get('retry-after'), retry, Date.now() - firstAnswerAt);
    if (wait === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    response = await fetch(url, init);
  }
  return response;
}

/** Calls the API and answers the response as it came; rejects only when no answer came. */
export async function apiFetch(url: string, call: ApiCall = {}): Promise<Response> {
  const eventId = call.session;
  if (eventId === undefined) return fetchThroughShedding(url, requestInit(call, null));
  const tokens = readTokens(eventId);
  let response = await fetchThroughShedding(url, requestInit(call, tokens));
  if (response.status !== 401) return response;
  const fresh = tokens ? await refreshTokens(eventId, tokens) : null;
  if (fresh) response = await fetchThroughShedding(url, requestInit(call, fresh));
  if (response.status === 401) void logout({ eventId });
  return response;
}

/** Calls the API and answers its JSON body; anything else throws an ApiError (status 0: no answer). */
export async function apiJson<T>(url: string, call: ApiCall = {}): Promise<T> {
  const response = await apiFetch(url, call).catch(() => null);
  if (!response) throw new ApiError(0, { error: 'request.failed' });
  if (!response.ok) throw await readApiError(response);
  return (await response.json()) as T;
}

/** apiJson for the attendee's own event: `/api/liveEvent/{eventId}/{path}` in their session. */
export const memberJson = <T>(eventId: number, path: string, call: Omit<ApiCall, 'session'> = {}): Promise<T> =>
  apiJson<T>(eventApiUrl(eventId, path), { ...call, session: eventId });

/** What an upload answered: its status (0 when no answer came) and its JSON body, if any. */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * POSTs in the attendee's session with upload progress, which only XMLHttpRequest reports.
 * No refresh here: a 401 logs out at once.
 */
function upload(eventId: number, path: string, body: XMLHttpRequestBodyInit, contentType: string | undefined, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise<UploadAnswer>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', eventApiUrl(eventId, path));
    request.setRequestHeader('accept', 'application/json');
    if (contentType) request.setRequestHeader('content-type', contentType);
    const tokens = readTokens(eventId);
    if (tokens) request.setRequestHeader('authorization', `Bearer ${tokens.access_token}`);
    request.upload.onprogress = (event) => { if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100)); };
    request.onload = () => {
      if (request.status === 401) void logout({ eventId });
      let answer: unknown = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch { /* not JSON: the body stays null */ }
      resolve({ status: request.status, body: answer });
    };
    request.onerror = () => resolve({ status: 0, body: null });
    request.send(body);
  });
}

/** POSTs JSON with upload progress (see upload); true on a 2xx answer. */
export async function memberUpload(eventId: number, path: string, body: unknown, onProgress: (percent: number) => void): Promise<boolean> {
  const { status } = await upload(eventId, path, JSON.stringify(body), 'application/json', onProgress);
  return status >= 200 && status < 300;
}

/** POSTs a multipart form with upload progress (see upload); the browser sets its boundary. */
export const memberUploadForm = (eventId: number, path: string, form: FormData, onProgress: (percent: number) => void): Promise<UploadAnswer> =>
  upload(eventId, path, form, undefined, onProgress);
