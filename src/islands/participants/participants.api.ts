import type { Group, Participant } from '~/contracts/participants';
import { memberJson } from '~/islands/http/api.client';

/** The participant calls of SPEC §7 as the islands use them. */
export const participantsApi = {
  page: (eventId: number, query: URLSearchParams) => memberJson<Participant[]>(eventId, `users?${query}`),
  one: (eventId: number, userId: number) => memberJson<Participant>(eventId, `participant/${userId}`),
  online: (eventId: number) => memberJson<{ online: number[] }>(eventId, 'users/online'),
  myGroups: (eventId: number) => memberJson<Group[]>(eventId, 'user/groups'),
};
