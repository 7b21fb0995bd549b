/*
 * Calls from sponsor and content islands. Pages are signed in by the HttpOnly session cookie,
 * which same-origin fetch sends; a 401 means the session ended, so the page goes to login.
 */

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string) {
    super(code);
  }
}

async function answer<T>(response: Response): Promise<T> {
  if (response.status === 401) {
    window.location.assign('/login');
    throw new ApiError(401, 'auth.unauthorized');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, body.error ?? 'request.failed');
  }
  return (await response.json()) as T;
}

export const apiPath = (eventId: number, path: string) => `/api/liveEvent/${eventId}/${path}`;

export async function apiGet<T>(eventId: number, path: string): Promise<T> {
  return answer<T>(await fetch(apiPath(eventId, path), { credentials: 'same-origin', headers: { accept: 'application/json' } }));
}

export async function apiPostForm<T>(eventId: number, path: string, fields: Record<string, string>): Promise<T> {
  return answer<T>(await fetch(apiPath(eventId, path), {
    method: 'POST', credentials: 'same-origin', body: new URLSearchParams(fields),
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
  }));
}
