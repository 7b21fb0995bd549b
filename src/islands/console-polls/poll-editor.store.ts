import type { ConsolePoll } from '~/contracts/console';
import type { EditablePoll } from '~/contracts/console-polls';
import { apiJson } from '~/islands/http/api.client';
import type { SentDraft } from './poll-draft';

/*
 * The poll editor's calls (docs/console.md "Preparing polls"): each answers the stored poll, or
 * throws the ApiError that names the refused field.
 */

const API = '/api/console/polls';

export const listPolls = (): Promise<ConsolePoll[]> => apiJson<ConsolePoll[]>(API);
export const readPoll = (id: number): Promise<EditablePoll> => apiJson<EditablePoll>(`${API}/${id}`);
export const savePoll = (id: number | undefined, draft: SentDraft): Promise<EditablePoll> =>
  (id === undefined ? apiJson<EditablePoll>(API, { method: 'POST', body: draft }) : apiJson<EditablePoll>(`${API}/${id}`, { method: 'PUT', body: draft }));
export const copyPoll = (id: number): Promise<EditablePoll> => apiJson<EditablePoll>(`${API}/${id}/copy`, { method: 'POST', body: {} });
/** Deletes a poll; one with answers only with `archive` (it keeps its results). */
export const deletePoll = (id: number, archive: boolean): Promise<unknown> => apiJson(`${API}/${id}${archive ? '?archive=true' : ''}`, { method: 'DELETE' });
export const freeCode = async (): Promise<string> => (await apiJson<{ code: string | null }>(`${API}/free-code`)).code ?? '';
