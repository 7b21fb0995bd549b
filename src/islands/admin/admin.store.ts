import type { AdminEventRow, Invite, NewEvent } from '~/contracts/platform-admin';
import { ApiError, readApiError } from '~/islands/http/api-error';
import { apiFetch, apiJson } from '~/islands/http/api.client';

/*
 * The operator's page's calls (docs/operations.md "The operator's page"). Only logging in sends
 * the admin token, once, as a Bearer header; every later call is carried by the HttpOnly
 * `ep_admin` cookie its answer sets. A refusal throws its ApiError (status, code, field).
 */

/** Logs the page in with the admin token: 401 a wrong token, 429 too many wrong ones. */
export async function adminSignIn(token: string): Promise<void> {
  // The one call with a header of its own: api.client sends only an attendee's stored Bearer token.
  const response = await fetch('/api/admin/session', {
    method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  }).catch(() => null);
  if (!response) throw new ApiError(0, { error: 'request.failed' });
  if (!response.ok) throw await readApiError(response);
}

/** Ends the page's session: the cookie is cleared. */
export async function adminSignOut(): Promise<void> {
  await apiFetch('/api/admin/session', { method: 'DELETE' }).catch(() => null);
}

export const adminEvents = (): Promise<AdminEventRow[]> => apiJson<AdminEventRow[]>('/api/admin/events');

/** The form's values as sent; the server checks each (NewEventSchema) and names the field it refuses. */
export type NewEventForm = { [Key in keyof NewEvent]: string };
export const createEvent = (body: NewEventForm): Promise<unknown> => apiJson('/api/admin/events', { method: 'POST', body });

export type InviteForm = { [Key in keyof Invite]: string };
export const inviteOrganiser = (slug: string, body: InviteForm): Promise<unknown> =>
  apiJson(`/api/admin/events/${encodeURIComponent(slug)}/organisers`, { method: 'POST', body });

/** An event file, parsed, imported as `npm run event -- import` would. */
export const importEventFile = (file: unknown): Promise<unknown> => apiJson('/api/admin/events/import', { method: 'POST', body: file });

/** Where an event's file downloads from (a plain link: the cookie carries it). */
export const exportUrl = (slug: string): string => `/api/admin/events/${encodeURIComponent(slug)}/export`;
