import { atom } from 'nanostores';
import type { ControlFailure } from './console.store';
import { apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';
import { failureOf } from './control-failure';

/** What a change answered: its value, or the failure to show beside the form. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ControlFailure };

/**
 * The store of a console page that edits a list of rows (speakers, sponsors: docs/console.md):
 * the list under `base` (GET), a row's save (`POST base` new, `PUT base/{id}`), delete (`DELETE base/{id}`), order and
 * picture upload. After a change, and when `event-change` says another organiser moved something,
 * the list is read again (at most once a second). A list read elsewhere (`options.list`) and writes
 * that are all POSTs (`base/{id}`, `base/{id}/delete`: `options.postOnly`) serve the content page.
 */
export function createRowsStore<List>(base: string, options: { list?: string; postOnly?: boolean } = {}) {
  const $list = atom<List | null>(null);
  const $busy = atom(false);
  const read = rereader(async () => {
    try {
      $list.set(await apiJson<List>(options.list ?? base));
    } catch { /* the list on screen stays; the next change or event reads again */ }
  });
  let started = false;

  async function run<T>(work: () => Promise<T>): Promise<Outcome<T>> {
    $busy.set(true);
    try {
      const value = await work();
      read();
      return { ok: true, value };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    } finally {
      $busy.set(false);
    }
  }

  const post = <T>(path: string, body: unknown) => run(() => apiJson<T>(`${base}${path}`, { method: 'POST', body }));
  const put = <T>(path: string, body: unknown) => run(() => apiJson<T>(`${base}${path}`, { method: 'PUT', body }));

  return {
    $list,
    $busy,
    /** Seeds the list from the page's props and follows changes (once, in the browser). */
    init(list: List): void {
      if (started || typeof window === 'undefined') return;
      started = true;
      $list.set(list);
      onRealtime('event-change', read);
      onReconnect(read);
    },
    /** Saves a new row (`id` null) or an edit; answers the row as stored. */
    save: <Row>(id: number | null, input: unknown) => (id === null ? post<Row>('', input) : options.postOnly ? post<Row>(`/${id}`, input) : put<Row>(`/${id}`, input)),
    remove: <T>(id: number) => (options.postOnly ? post<T>(`/${id}/delete`, {}) : run(() => apiJson<T>(`${base}/${id}`, { method: 'DELETE' }))),
    /** Puts every row in this order at once on screen (`optimistic`), then on the server. */
    reorder(ids: number[], optimistic: (list: List) => List): Promise<Outcome<List>> {
      const current = $list.get();
      if (current) $list.set(optimistic(current));
      return post<List>('/order', { ids }).then((outcome) => {
        if (outcome.ok) $list.set(outcome.value);
        else if (current) $list.set(current);
        return outcome;
      });
    },
    /** Uploads a picture as the row's `kind` (photo, logo): a multipart `image`. */
    upload<Row>(id: number, kind: string, file: File): Promise<Outcome<Row>> {
      const form = new FormData();
      form.set('image', file);
      return post<Row>(`/${id}/${kind}`, form);
    },
    /** A POST under `base` (JSON or a multipart form): the row's own parts, such as a sponsor's documents or an uploaded file. */
    post,
    /** A GET under `base` (the contact picker's search); the form stays usable meanwhile. */
    get: <T>(path: string): Promise<Outcome<T>> => apiJson<T>(`${base}${path}`)
      .then((value): Outcome<T> => ({ ok: true, value }), (error: unknown): Outcome<T> => ({ ok: false, failure: failureOf(error) })),
  };
}
