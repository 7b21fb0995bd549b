import { atom } from 'nanostores';
import type { ConsoleAgenda, ConsoleAgendaChange, SessionInput } from '~/contracts/console-agenda';
import { ApiError } from '~/islands/http/api-error';
import { apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';

/*
 * The console's programme page (docs/console.md "Programme"): the one store that reads the
 * sessions and sends every change. Calls go with the session cookie; the browser's
 * Sec-Fetch-Site header is the writes' same-origin proof.
 */

/** Null until the browser seeded it: the server render shows the page's props. */
export const $agenda = atom<ConsoleAgenda | null>(null);
/** A change in flight: the form's and the delete buttons are disabled meanwhile. */
export const $busy = atom(false);

/** Why a change was refused: the status (0: no answer), the code, the field it names, and for a conflict how many attendees booked the session. */
export interface AgendaFailure {
  status: number;
  code: string;
  field?: string | undefined;
  booked?: number | undefined;
}

export type AgendaOutcome = { ok: true; change: ConsoleAgendaChange } | { ok: false; failure: AgendaFailure };

const API = '/api/console/agenda';

function failureOf(error: unknown): AgendaFailure {
  if (!(error instanceof ApiError)) return { status: 0, code: 'request.failed' };
  const booked = error.details['booked'];
  return { status: error.status, code: error.code, field: error.field, booked: typeof booked === 'number' ? booked : undefined };
}

const read = rereader(async () => {
  try {
    $agenda.set(await apiJson<ConsoleAgenda>(API));
  } catch {
    // The list stays as it was; the next change or event reads it again.
  }
}, 1000);

async function change(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<AgendaOutcome> {
  $busy.set(true);
  try {
    const answer = await apiJson<ConsoleAgendaChange>(`${API}/${path}`, { method, ...(body === undefined ? {} : { body }) });
    read();
    return { ok: true, change: answer };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.status === 404) read();
    return { ok: false, failure };
  } finally {
    $busy.set(false);
  }
}

/** Creates a session (`id` undefined) or changes one; `confirmBooked` once the organiser saw how many booked it. */
export const saveSession = (input: SessionInput, id?: number): Promise<AgendaOutcome> =>
  (id === undefined ? change('sessions', 'POST', input) : change(`sessions/${id}`, 'PUT', input));

/** Deletes a session; a booked one once the organiser saw how many booked it. */
export const deleteSession = (id: number, confirmBooked: boolean): Promise<AgendaOutcome> =>
  change(`sessions/${id}${confirmBooked ? '?confirmBooked=1' : ''}`, 'DELETE');

/** Seeds the store from the page and follows the agenda's changes (bookings move the counts; another organiser's edit the sessions). */
export function initAgenda(first: ConsoleAgenda): () => void {
  $agenda.set(first);
  const stops = [onRealtime('agenda-change', () => read()), onReconnect(() => read())];
  return () => { for (const stop of stops) stop(); };
}
