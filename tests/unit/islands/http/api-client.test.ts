import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $isLoggingOut } from '~/islands/login/session.store';
import { readTokens, writeTokens } from '~/islands/login/token-storage';
import { ApiError } from '~/islands/http/api-error';
import { apiFetch, apiJson, eventApiUrl, memberJson } from '~/islands/http/api.client';

type Answer = { status: number; body?: unknown };
interface Sent { url: string; init: RequestInit }

/** A fake fetch answering from a script per URL; every call is kept for the assertions. */
function fakeFetch(script: Record<string, Answer[]>) {
  const sent: Sent[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    sent.push({ url, init });
    const answer = script[url]?.shift();
    if (!answer) return Promise.reject(new TypeError('network down'));
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return Promise.resolve(new Response(body, { status: answer.status, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const bearer = (call: Sent | undefined) => new Headers(call?.init.headers).get('authorization');
const url = eventApiUrl(7, 'liveGetAgendaInfo');

describe('browser API client', () => {
  const assign = vi.fn();

  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    vi.stubGlobal('location', { assign });
    $isLoggingOut.set(false);
    assign.mockReset();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('takes the tokens another tab already rotated instead of presenting the spent refresh token again', async () => {
    writeTokens(7, { access_token: 'a1', refresh_token: 'r1' });
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', vi.fn((target: string, init: RequestInit) => {
      sent.push({ url: target, init });
      // While this call is out, the other tab rotates the pair.
      if (sent.length === 1) writeTokens(7, { access_token: 'a2', refresh_token: 'r2' });
      return Promise.resolve(new Response(sent.length === 1 ? null : '{}', { status: sent.length === 1 ? 401 : 200 }));
    }));
    expect((await apiFetch(url, { session: 7 })).status).toBe(200);
    expect(sent.map((call) => call.url)).toEqual([url, url]);
    expect(bearer(sent[1])).toBe('Bearer a2');
  });

  it('sends the stored Bearer token with the same-origin cookie in a session call', async () => {
    writeTokens(7, { access_token: 'a1', refresh_token: 'r1' });
    const sent = fakeFetch({ [url]: [{ status: 200, body: { days: [] } }] });
    expect(await memberJson(7, 'liveGetAgendaInfo')).toEqual({ days: [] });
    expect(sent[0]?.init.credentials).toBe('same-origin');
    expect(bearer(sent[0])).toBe('Bearer a1');
  });

  it('sends a plain object as JSON and URLSearchParams as a form', async () => {
    const sent = fakeFetch({ [url]: [{ status: 200, body: {} }, { status: 200, body: {} }] });
    await apiFetch(url, { method: 'POST', body: { SessionId: 3 } });
    await apiFetch(url, { method: 'POST', body: new URLSearchParams({ Message: 'hi' }) });
    expect(new Headers(sent[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(sent[0]?.init.body).toBe('{"SessionId":3}');
    expect(new Headers(sent[1]?.init.headers).has('content-type')).toBe(false);
    expect(sent[1]?.init.body).toBeInstanceOf(URLSearchParams);
  });

  it('refreshes the tokens once on a 401 and repeats the call with the fresh token', async () => {
    writeTokens(7, { access_token: 'old', refresh_token: 'r1' });
    const sent = fakeFetch({
      [url]: [{ status: 401, body: { error: 'auth.unauthorized' } }, { status: 200, body: { ok: 1 } }],
      '/connect/token': [{ status: 200, body: { access_token: 'new', refresh_token: 'r2' } }],
    });
    expect(await memberJson(7, 'liveGetAgendaInfo')).toEqual({ ok: 1 });
    expect(sent.map((call) => call.url)).toEqual([url, '/connect/token', url]);
    expect(bearer(sent[2])).toBe('Bearer new');
    expect(readTokens(7)).toEqual({ access_token: 'new', refresh_token: 'r2' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('shares one refresh between parallel 401s, because a refresh token works once', async () => {
    writeTokens(7, { access_token: 'old', refresh_token: 'r1' });
    const sent = fakeFetch({
      [url]: [{ status: 401 }, { status: 401 }, { status: 200, body: 1 }, { status: 200, body: 2 }],
      '/connect/token': [{ status: 200, body: { access_token: 'new', refresh_token: 'r2' } }],
    });
    await Promise.all([memberJson(7, 'liveGetAgendaInfo'), memberJson(7, 'liveGetAgendaInfo')]);
    expect(sent.filter((call) => call.url === '/connect/token')).toHaveLength(1);
  });

  it('logs out and goes to login when the 401 stays after the refresh', async () => {
    writeTokens(7, { access_token: 'old', refresh_token: 'r1' });
    const sent = fakeFetch({
      [url]: [{ status: 401, body: { error: 'auth.unauthorized' } }],
      '/connect/token': [{ status: 400, body: { error: 'invalid_grant' } }],
      '/connect/logout': [{ status: 200, body: {} }],
    });
    const failure = await memberJson(7, 'liveGetAgendaInfo').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, code: 'auth.unauthorized' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(sent.map((call) => call.url)).toEqual([url, '/connect/token', '/connect/logout']);
    expect(bearer(sent[2])).toBe('Bearer old');
    expect(readTokens(7)).toBeNull();
  });

  it('logs out on a 401 of a cookie-only session without trying a refresh', async () => {
    const sent = fakeFetch({ [url]: [{ status: 401 }], '/connect/logout': [{ status: 200 }] });
    await memberJson(7, 'liveGetAgendaInfo').catch(() => undefined);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(sent.map((call) => call.url)).toEqual([url, '/connect/logout']);
  });

  it('leaves a 401 to the caller when the call is outside the session', async () => {
    writeTokens(7, { access_token: 'a1', refresh_token: 'r1' });
    const sent = fakeFetch({ [url]: [{ status: 401 }] });
    expect((await apiFetch(url)).status).toBe(401);
    expect(bearer(sent[0])).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('throws the server error code and field as an ApiError', async () => {
    fakeFetch({ [url]: [{ status: 409, body: { error: 'booking.full', message: 'Full', field: 'SessionId' } }] });
    const failure = await apiJson(url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'booking.full', field: 'SessionId', message: 'Full' });
  });

  it('calls a failure without the API error body request.failed, and one without an answer status 0', async () => {
    fakeFetch({ [url]: [{ status: 502, body: 'Bad gateway' }] });
    expect(await apiJson(url).catch((error: unknown) => error)).toMatchObject({ status: 502, code: 'request.failed' });
    expect(await apiJson(url).catch((error: unknown) => error)).toMatchObject({ status: 0, code: 'request.failed' });
  });

  it('sends a call again after a busy node shed it with 503 + Retry-After, waiting about that long', async () => {
    vi.useFakeTimers();
    try {
      const vote = eventApiUrl(7, 'liveStorePollAnswer');
      const sent: Sent[] = [];
      const answers = [503, 503, 200];
      vi.stubGlobal('fetch', vi.fn((target: string, init: RequestInit) => {
        sent.push({ url: target, init });
        const status = answers.shift() ?? 500;
        return Promise.resolve(new Response(status === 200 ? '{"ok":true}' : '{"error":"server.overloaded"}', { status, headers: { 'retry-after': '1' } }));
      }));
      const answer = apiFetch(vote, { method: 'POST', body: { PollID: 1 } });
      await vi.advanceTimersByTimeAsync(400);
      expect(sent).toHaveLength(1);
      // Waits are Retry-After, then doubled, each jittered ×0.5–1.5: at most 1.5 s + 3 s.
      await vi.advanceTimersByTimeAsync(4_200);
      expect((await answer).status).toBe(200);
      expect(sent.map((call) => call.init.body)).toEqual(Array(3).fill('{"PollID":1}'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a 503 on at once when it names no Retry-After, and once the retry budget is spent when the node stays busy', async () => {
    fakeFetch({ [url]: [{ status: 503 }] });
    expect((await apiFetch(url)).status).toBe(503);
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const at: number[] = [];
      vi.stubGlobal('fetch', vi.fn(() => {
        at.push(Date.now());
        return Promise.resolve(new Response(null, { status: 503, headers: { 'retry-after': '1' } }));
      }));
      const answer = apiFetch(url);
      await vi.advanceTimersByTimeAsync(60_000);
      expect((await answer).status).toBe(503);
      // Waits of 1, 2, 4, 8 and 8 s (doubling, capped): the next would end past the 30 s budget.
      expect(at.slice(1).map((t, i) => t - at[i]!)).toEqual([1000, 2000, 4000, 8000, 8000]);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });
  it('sends an idempotent answer again when its node went away with it (502, 504, no answer), and passes other calls’ 502 on at once', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const vote = eventApiUrl(7, 'liveStorePollAnswer');
      const script: (number | 'down')[] = [502, 'down', 504, 200];
      const sent: Sent[] = [];
      vi.stubGlobal('fetch', vi.fn((target: string, init: RequestInit) => {
        sent.push({ url: target, init });
        const next = script.shift() ?? 500;
        if (next === 'down') return Promise.reject(new TypeError('connection reset'));
        return Promise.resolve(new Response(next === 200 ? '{"ok":true}' : null, { status: next }));
      }));
      const answer = apiFetch(vote, { method: 'POST', idempotent: true, body: { PollID: 1 } });
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
      expect((await answer).status).toBe(200);
      expect(sent).toHaveLength(4);

      script.push(502);
      expect((await apiFetch(vote, { method: 'POST', body: { Message: 'hi' } })).status).toBe(502);
      expect(sent).toHaveLength(5);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('sends a keyed write again with the same Idempotency-Key after a lost answer and while its first request is still answered', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const message = eventApiUrl(7, 'chat/3');
      const script: { status: number; retryAfter?: string }[] = [{ status: 504 }, { status: 409, retryAfter: '1' }, { status: 200 }];
      const sent: Sent[] = [];
      vi.stubGlobal('fetch', vi.fn((target: string, init: RequestInit) => {
        sent.push({ url: target, init });
        const next = script.shift() ?? { status: 500 };
        return Promise.resolve(new Response(next.status === 200 ? '{"data":{}}' : null, { status: next.status, headers: next.retryAfter ? { 'retry-after': next.retryAfter } : {} }));
      }));
      const answer = apiFetch(message, { method: 'POST', body: { message: 'hi' }, idempotencyKey: 'key-of-one-action' });
      await vi.advanceTimersByTimeAsync(1000 + 2000);
      expect((await answer).status).toBe(200);
      expect(sent.map(({ init }) => new Headers(init.headers).get('idempotency-key'))).toEqual(['key-of-one-action', 'key-of-one-action', 'key-of-one-action']);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('fails an idempotent call at once while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetch);
    await expect(apiFetch(url, { method: 'POST', idempotent: true })).rejects.toThrow('offline');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
