import { sendWhileRefused } from '~/lib/shed-retry';
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
  /** URLSearchParams go as a form, FormData as multipart (an upload), anything else as JSON. */
  body?: unknown;
  /** Default same-origin, which sends the HttpOnly session cookie. */
  credentials?: RequestCredentials;
  /**
   * The event of the attendee's session: its stored Bearer token is added, a 401 refreshes the
   * tokens once and repeats the call, and a 401 after that logs out (docs/product.md §4 "any 401").
   * Left out for public calls and for extras whose failure is ignored (docs/product.md §8).
   */
  session?: number;
  /**
   * The server stores the call at most once however often it comes (an answer: the same answer
   * again is idempotent, docs/decisions.md). Such a call whose answer was lost with a node (502 or
   * 504 from the load balancer, or no answer at all while the browser is online) is sent again
   * within the same budget as a shed call, so an attendee's vote survives a node dying mid-burst.
   */
  idempotent?: boolean;
  /**
   * A write the server stores once per key (a post, a comment, a chat message: docs/operations.md
   * "Retries"): one `newIdempotencyKey()` per user action, sent as Idempotency-Key. The call is
   * then repeated like an idempotent one, with the same key, and while the server says its first
   * request is still being answered (409 + Retry-After).
   */
  idempotencyKey?: string;
}

/** A fresh key for one user action's write (see ApiCall.idempotencyKey). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** Where the API of one event lives (docs/product.md §7). */
export const eventApiUrl = (eventId: number, path: string): string => `/api/liveEvent/${eventId}/${path}`;

function requestInit(call: ApiCall, tokens: StoredTokens | null): RequestInit {
  const headers = new Headers({ accept: 'application/json' });
  if (tokens) headers.set('authorization', `Bearer ${tokens.access_token}`);
  if (call.idempotencyKey) headers.set('idempotency-key', call.idempotencyKey);
  let body: BodyInit | undefined;
  if (call.body instanceof URLSearchParams || call.body instanceof FormData) body = call.body;
  else if (call.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body);
  }
  return { method: call.method ?? 'GET', headers, body: body ?? null, credentials: call.credentials ?? 'same-origin' };
}

/** Statuses of a load balancer whose node went away mid-call: the call may or may not have been stored. */
const LOST_WITH_NODE = new Set([502, 504]);
/** The wait before repeating a call lost with its node, as if the node had said Retry-After: 1. */
const LOST_RETRY_AFTER_S = 1;

/**
 * When to send a call again, by its answer (null: none came while online): a 503 with its
 * Retry-After; for an idempotent call also one lost with its node, or a keyed write whose first
 * request is still being answered (409 + Retry-After).
 */
function retryAfterOf(status: number | null, retryAfter: string | null, idempotent: boolean): string | number | null | undefined {
  if (status === null || (idempotent && LOST_WITH_NODE.has(status))) return LOST_RETRY_AFTER_S;
  if (status === 503 || (idempotent && status === 409)) return retryAfter;
  return undefined;
}

/**
 * fetch(), repeated while a busy node refuses the call with 503 + Retry-After (docs/operations.md,
 * overload shedding), for as long as src/lib/shed-retry.ts allows: the node refused it before
 * doing anything, so even a vote is safe to send again. An idempotent call is also repeated when
 * its answer was lost with the node (see ApiCall.idempotent).
 */
async function fetchThroughShedding(url: string, init: RequestInit, idempotent: boolean): Promise<Response> {
  let lastError: unknown;
  // Offline, nothing can come back soon: the failure is passed on at once.
  const attempt = () => (idempotent ? fetch(url, init).catch((error: unknown) => {
    if (navigator.onLine === false) throw error;
    lastError = error;
    return null;
  }) : fetch(url, init));
  const response = await sendWhileRefused(attempt, (answer) => retryAfterOf(answer?.status ?? null, answer?.headers.get('retry-after') ?? null, idempotent));
  if (response === null) throw lastError;
  return response;
}

/** Calls the API and answers the response as it came; rejects only when no answer came. */
export async function apiFetch(url: string, call: ApiCall = {}): Promise<Response> {
  const eventId = call.session;
  const idempotent = call.idempotent === true || call.idempotencyKey !== undefined;
  if (eventId === undefined) return fetchThroughShedding(url, requestInit(call, null), idempotent);
  const tokens = readTokens(eventId);
  let response = await fetchThroughShedding(url, requestInit(call, tokens), idempotent);
  if (response.status !== 401) return response;
  const fresh = tokens ? await refreshTokens(eventId, tokens) : null;
  if (fresh) response = await fetchThroughShedding(url, requestInit(call, fresh), idempotent);
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
function upload(eventId: number, path: string, body: XMLHttpRequestBodyInit, contentType: string | undefined, onProgress: (percent: number) => void, idempotencyKey?: string): Promise<UploadAnswer> {
  const once = () => new Promise<UploadAnswer & { retryAfter: string | null }>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', eventApiUrl(eventId, path));
    request.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) request.setRequestHeader('idempotency-key', idempotencyKey);
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
      resolve({ status: request.status, body: answer, retryAfter: request.getResponseHeader('retry-after') });
    };
    request.onerror = () => resolve({ status: 0, body: null, retryAfter: null });
    request.send(body);
  });
  // A keyed write is sent again, with its key, when its answer was lost or the node asks to wait; an unkeyed one only when it was shed.
  const keyed = idempotencyKey !== undefined;
  return sendWhileRefused(once, (answer) => retryAfterOf(answer.status === 0 && keyed && navigator.onLine !== false ? null : answer.status, answer.retryAfter, keyed))
    .then(({ status, body: answer }) => ({ status, body: answer }));
}

/** POSTs JSON with upload progress (see upload); true on a 2xx answer. */
export async function memberUpload(eventId: number, path: string, body: unknown, onProgress: (percent: number) => void): Promise<boolean> {
  const { status } = await upload(eventId, path, JSON.stringify(body), 'application/json', onProgress);
  return status >= 200 && status < 300;
}

/** POSTs a multipart form with upload progress (see upload); the browser sets its boundary. */
export const memberUploadForm = (eventId: number, path: string, form: FormData, onProgress: (percent: number) => void, idempotencyKey?: string): Promise<UploadAnswer> =>
  upload(eventId, path, form, undefined, onProgress, idempotencyKey);
