import { atom, map } from 'nanostores';
import type { AdmissionResponse } from '~/contracts/admission';
import { ApiError } from '~/islands/http/api-error';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { apiFetch, apiJson, eventApiUrl } from '~/islands/http/api.client';
import { saveDownload } from '~/islands/http/save-download';

/** The admission filter (docs/product.md §7): dates both or neither, groups. */
export interface AdmissionFilter {
  fromDate: string;
  toDate: string;
  groups: number[];
}

const body = (filter: AdmissionFilter) => (filter.fromDate && filter.toDate ? filter : { groups: filter.groups });

// Admission calls carry the HttpOnly participant_results cookie (same origin), never an attendee token.
const fetchAdmission = (eventId: number, filter: AdmissionFilter): Promise<AdmissionResponse> =>
  apiJson(eventApiUrl(eventId, 'participantsAdmission'), { method: 'POST', body: body(filter) });

/** Saves the export under the server's `x-filename`; false when it failed. */
export async function downloadAdmission(eventId: number, filter: AdmissionFilter, lists: { addAdmittedRows: boolean; addNoAdmitedRows: boolean }): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'participantsAdmission/export'), { method: 'POST', body: { ...body(filter), ...lists } }).catch(() => null);
  if (!response?.ok) return false;
  await saveDownload(response, 'admission.xlsx');
  return true;
}

export type AdmissionList = 'admitted' | 'notAdmitted';

/** The admission page's state (docs/product.md §2, §4): filter, the list shown, search text and the lists loaded. */
export const $filter = map<AdmissionFilter>({ fromDate: '', toDate: '', groups: [] });
export const $list = atom<AdmissionList>('admitted');
export const $search = atom('');
export const $lists = atom<AdmissionResponse | null>(null);
export const $failed = atom(false);

let eventId = 0;
let generation = 0;

/** Hydrates the store from the page's first view. */
export function init(id: number, lists: AdmissionResponse | null): void {
  eventId = id;
  $lists.set(lists);
}

/** docs/product.md §4: admission lists refetch on filter change; a half-filled date range waits (docs/product.md §5). */
export async function load(): Promise<void> {
  const filter = $filter.get();
  if (Boolean(filter.fromDate) !== Boolean(filter.toDate)) return;
  const mine = ++generation;
  try {
    const lists = await fetchAdmission(eventId, filter);
    if (mine === generation) { $lists.set(lists); $failed.set(false); }
  } catch (error) {
    // An expired session goes back to the login (docs/product.md §2 guard); other errors are swallowed (docs/product.md §8).
    if (error instanceof ApiError && error.status === 401) window.location.assign('/login-participants-results?return=/participantsAdmitted');
    else if (mine === generation) $failed.set(true);
  }
}

export function setFilter(change: Partial<AdmissionFilter>): void {
  $filter.set({ ...$filter.get(), ...change });
  void load();
}

export const currentEventId = (): number => eventId;

let timer: ReturnType<typeof setTimeout> | undefined;
/** Refetches at most every 500 ms while a queue is scanned in at the door. */
function soon(): void {
  timer ??= setTimeout(() => { timer = undefined; void load(); }, 500);
}

/** Follows the door: a scan-in (`admission-change`, no names) or a reconnect refetches the lists with the page's filter. */
export function followAdmission(): () => void {
  const stops = [onRealtime('admission-change', soon), onReconnect(() => void load())];
  return () => stops.forEach((stop) => stop());
}
