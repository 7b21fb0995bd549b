import type { AdmissionResponse } from '~/contracts/admission';
import { apiFetch, apiJson, eventApiUrl } from '~/islands/http/api.client';
import { saveDownload } from '~/islands/http/save-download';

/** The admission filter (SPEC §7): dates both or neither, groups. */
export interface AdmissionFilter {
  fromDate: string;
  toDate: string;
  groups: number[];
}

const body = (filter: AdmissionFilter) => (filter.fromDate && filter.toDate ? filter : { groups: filter.groups });

// Admission calls carry the HttpOnly participant_results cookie (same origin), never an attendee token.
export const fetchAdmission = (eventId: number, filter: AdmissionFilter): Promise<AdmissionResponse> =>
  apiJson(eventApiUrl(eventId, 'participantsAdmission'), { method: 'POST', body: body(filter) });

/** Saves the export under the server's `x-filename`; false when it failed. */
export async function downloadAdmission(eventId: number, filter: AdmissionFilter, lists: { addAdmittedRows: boolean; addNoAdmitedRows: boolean }): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'participantsAdmission/export'), { method: 'POST', body: { ...body(filter), ...lists } }).catch(() => null);
  if (!response?.ok) return false;
  await saveDownload(response, 'admission.xlsx');
  return true;
}
