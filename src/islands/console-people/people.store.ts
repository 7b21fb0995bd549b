import { atom } from 'nanostores';
import type { ConsolePeoplePage, ConsolePerson, ImportPreview, ImportProgressLine, ImportRowError, PersonInput } from '~/contracts/console-people';
import type { ControlFailure } from '~/islands/console/console.store';
import { failureOf } from '~/islands/console/control-failure';
import { ApiError, readApiError } from '~/islands/http/api-error';
import { apiFetch, apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';

const BASE = '/api/console/people';

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ControlFailure; errors?: ImportRowError[] };

/** The people page's list (docs/console.md "People"): the search, the page, and the list read again after a change. */
export const $page = atom<ConsolePeoplePage | null>(null);
export const $query = atom<{ q: string; page: number }>({ q: '', page: 1 });
export const $busy = atom(false);

const read = rereader(async () => {
  const { q, page } = $query.get();
  const params = new URLSearchParams({ page: String(page) });
  if (q !== '') params.set('q', q);
  try {
    $page.set(await apiJson<ConsolePeoplePage>(`${BASE}?${params.toString()}`));
  } catch { /* the page on screen stays; the next change reads again */ }
});

let started = false;

/** Seeds the list from the page's props; door scans (`admission-change`) and reconnects read it again. */
export function initPeople(page: ConsolePeoplePage): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  $page.set(page);
  onRealtime('admission-change', read);
  onReconnect(read);
}

/** Searches (from page 1) or turns the page. */
export function search(q: string, page = 1): void {
  $query.set({ q, page });
  read();
}

async function run<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  $busy.set(true);
  try {
    const value = await work();
    read();
    return { ok: true, value };
  } catch (error) {
    const errors = error instanceof ApiError ? (error.details['errors'] as ImportRowError[] | undefined) : undefined;
    return { ok: false, failure: failureOf(error), ...(errors ? { errors } : {}) };
  } finally {
    $busy.set(false);
  }
}

const post = <T>(path: string, body: unknown = {}) => run(() => apiJson<T>(`${BASE}${path}`, { method: 'POST', body }));

export const savePerson = (id: number | null, input: PersonInput) => post<ConsolePerson>(id === null ? '' : `/${id}`, input);
export const setHidden = (id: number, hidden: boolean) => post<ConsolePerson>(`/${id}/hidden`, { hidden });
export const setOrganiser = (id: number, organiser: boolean) => post<ConsolePerson>(`/${id}/organiser`, { organiser });
export const setCheckedIn = (id: number, checkedIn: boolean) => post<ConsolePerson>(`/${id}/check-in`, { checkedIn });
export const sendLoginLink = (id: number) => run(() => apiFetch(`${BASE}/${id}/login-link`, { method: 'POST', body: {} }).then(noContent));
export const sendPasswordMail = (id: number) => run(() => apiFetch(`${BASE}/${id}/password-mail`, { method: 'POST', body: {} }).then(noContent));
export const removePerson = (id: number) => post<{ removed: number }>(`/${id}/delete`);

async function noContent(response: Response): Promise<true> {
  if (!response.ok) throw await readApiError(response);
  return true;
}

export const previewImport = (csv: string) => run(() => apiJson<ImportPreview>(`${BASE}/import/preview`, { method: 'POST', body: { csv } }));

/**
 * Imports the file, calling `progress` with the rows written as the server's lines come; answers
 * the outcome's line. A refused file answers the failure with every row and field named.
 */
export function runImport(csv: string, progress: (done: number, total: number) => void): Promise<Outcome<Extract<ImportProgressLine, { type: 'done' }>>> {
  return run(async () => {
    const response = await apiFetch(`${BASE}/import`, { method: 'POST', body: { csv } }).catch(() => null);
    if (!response) throw new ApiError(0, { error: 'request.failed' });
    if (!response.ok || !response.body) throw await readApiError(response);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += value;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const text of lines) {
        if (text === '') continue;
        const line = JSON.parse(text) as ImportProgressLine;
        if (line.type === 'progress') progress(line.done, line.total);
        else if (line.type === 'done') return line;
        else throw new ApiError(409, { error: line.error, message: line.message });
      }
    }
    throw new ApiError(0, { error: 'request.failed' });
  });
}
