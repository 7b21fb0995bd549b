import { apiFetch, eventApiUrl } from '~/islands/http/api.client';
import { logout } from '~/islands/login/session.store';

/** "Download my data": fetched in the session, then saved under the name the server gives. */
export async function downloadMyData(eventId: number): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'myData'), { session: eventId }).catch(() => null);
  if (!response?.ok) return false;
  const filename = response.headers.get('x-filename') ?? 'my-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

/** "Delete my account": on success the session is gone; the login page follows. */
export async function deleteMyAccount(eventId: number): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'deleteMyAccount'), { method: 'POST', session: eventId }).catch(() => null);
  if (!response?.ok) return false;
  await logout({ eventId });
  return true;
}
