import type { CheckInResponse } from '~/contracts/check-in';
import { apiFetch, eventApiUrl } from '~/islands/http/api.client';

export type CheckInOutcome =
  | { kind: 'admitted' | 'alreadyAdmitted'; body: CheckInResponse }
  | { kind: 'unknown' | 'loggedOut' | 'rateLimited' | 'failed' };

/** POST participantsCheckIn with the admission session's HttpOnly cookie (same origin). */
export async function checkInCode(eventId: number, code: string): Promise<CheckInOutcome> {
  const response = await apiFetch(eventApiUrl(eventId, 'participantsCheckIn'), { method: 'POST', body: { code } }).catch(() => null);
  if (!response) return { kind: 'failed' };
  if (response.ok) {
    const body = (await response.json()) as CheckInResponse;
    return { kind: body.status, body };
  }
  if (response.status === 404) return { kind: 'unknown' };
  if (response.status === 401) return { kind: 'loggedOut' };
  if (response.status === 429) return { kind: 'rateLimited' };
  return { kind: 'failed' };
}
