import { apiFetch } from '~/islands/http/api.client';
import type { RegistrationDraft, RegistrationErrors } from '~/lib/registration-rules';

export type RegisterResult =
  | { kind: 'received' }
  | { kind: 'invalid'; errors: RegistrationErrors }
  | { kind: 'closed' | 'limited' | 'failed' };

/** POST /api/Registration/{eventId}/register (docs/registration.md); the honeypot goes along as sent. */
export async function sendRegistration(eventId: number, draft: RegistrationDraft, website: string): Promise<RegisterResult> {
  const response = await apiFetch(`/api/Registration/${eventId}/register`, { method: 'POST', body: { ...draft, website } }).catch(() => null);
  if (!response) return { kind: 'failed' };
  if (response.status === 202) return { kind: 'received' };
  if (response.status === 429) return { kind: 'limited' };
  if (response.status === 422) return { kind: 'closed' };
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({}))) as { fields?: RegistrationErrors };
    if (body.fields) return { kind: 'invalid', errors: body.fields };
  }
  return { kind: 'failed' };
}
