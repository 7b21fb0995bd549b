import type { TokenResponse } from '~/contracts/login';
import type { UserModuleResult } from '~/contracts/profile';
import { apiFetch, apiJson, eventApiUrl, memberJson } from '~/islands/http/api.client';
import { requestTokens } from '~/islands/http/token.client';
import { isTermsShown, markTermsShown, type StoredTokens } from './token-storage';
import { logout, storeTokens } from './session.store';

/** Why a login did not succeed, as the login screen words it (docs/product.md §8). */
export type LoginFailure =
  | { reason: 'wrongCredentials' }
  | { reason: 'closed' }
  | { reason: 'rateLimited'; minutes: number }
  | { reason: 'expired' }
  | { reason: 'unconfirmed' };

export type LoginResult = { ok: true; tokens: TokenResponse } | ({ ok: false } & LoginFailure);

export interface PasswordGrant {
  eventId: number;
  username: string;
  password: string;
  visible?: boolean | undefined;
  pin?: string | undefined;
  pinId?: string | undefined;
}

const SCOPE = 'openid offline_access';

function retryMinutes(response: Response, body: { retryAfter?: unknown }): number {
  const seconds = Number(response.headers.get('retry-after') ?? body.retryAfter ?? 60);
  return Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60));
}

async function tokenCall(fields: Record<string, string>): Promise<LoginResult> {
  const response = await requestTokens(fields);
  if (!response) return { ok: false, reason: 'wrongCredentials' };
  const body = (await response.json().catch(() => ({}))) as Partial<TokenResponse> & { error?: string; retryAfter?: unknown };
  if (response.ok && body.access_token) return { ok: true, tokens: body as TokenResponse };
  if (response.status === 429) return { ok: false, reason: 'rateLimited', minutes: retryMinutes(response, body) };
  if (body.error === 'event.closed') return { ok: false, reason: 'closed' };
  if (body.error === 'auth.unconfirmed') return { ok: false, reason: 'unconfirmed' };
  if (body.error?.includes('expired')) return { ok: false, reason: 'expired' };
  return { ok: false, reason: 'wrongCredentials' };
}

/** docs/product.md §7 POST /connect/token with grant_type password (plus pin and pinId after two-factor). */
export function passwordLogin(grant: PasswordGrant): Promise<LoginResult> {
  const fields: Record<string, string> = {
    grant_type: 'password', scope: SCOPE, eventId: String(grant.eventId), username: grant.username, password: grant.password,
  };
  if (grant.visible !== undefined) fields['visible'] = grant.visible ? '1' : '0';
  if (grant.pin && grant.pinId) Object.assign(fields, { pin: grant.pin, pinId: grant.pinId });
  return tokenCall(fields);
}

/** docs/product.md §7 passwordless: grant_type otp with the one-time token from the e-mailed link. */
export function otpLogin(eventId: number, token: string, visible?: boolean): Promise<LoginResult> {
  const fields: Record<string, string> = { grant_type: 'otp', scope: SCOPE, eventId: String(eventId), token };
  if (visible !== undefined) fields['visible'] = visible ? '1' : '0';
  return tokenCall(fields);
}

const getJson = <T>(url: string): Promise<T | null> => apiJson<T>(url).catch(() => null);

/** docs/product.md §7 getTwoFactorPin: sends the 6-digit code by SMS and answers the pin id to log in with. */
export async function requestTwoFactorPin(eventId: number, email: string): Promise<string | null> {
  const query = new URLSearchParams({ module: 'authentication', method: 'getTwoFactorPin', useremail: email, eventid: String(eventId) });
  const body = await getJson<{ status?: string; data?: { pinId?: string | number } }>(`/${eventId}/api.php?${query}`);
  return body?.status === 'success' && body.data?.pinId !== undefined ? String(body.data.pinId) : null;
}

/** A new confirmation link for a sign-up not confirmed yet (docs/registration.md); true when the server took the request. */
export async function resendConfirmation(eventId: number, email: string): Promise<boolean> {
  const body = await apiJson<{ sent?: boolean }>(`/api/Registration/${eventId}/confirm/resend`, { method: 'POST', body: { email: email.trim() } }).catch(() => null);
  return body?.sent === true;
}

/** docs/product.md §7 resetPassword by e-mail; true when the mail was sent. */
export async function resetPasswordByEmail(eventId: number, email: string): Promise<boolean> {
  const body = await getJson<{ emailSent?: boolean }>(eventApiUrl(eventId, `resetPassword/${encodeURIComponent(email.trim())}`));
  return body?.emailSent === true;
}

/** docs/product.md §7 newPasswordViaSms; true when the SMS was sent. */
export async function resetPasswordBySms(eventId: number, countryPrefix: string, phoneNumber: string): Promise<boolean> {
  const query = new URLSearchParams({
    module: 'password', method: 'newPasswordViaSms', countryPrefix: countryPrefix.trim(), phoneNumber: phoneNumber.replace(/\s/g, ''), eventId: String(eventId),
  });
  const body = await getJson<{ smsSent?: boolean }>(`/${eventId}/api.php?${query}`);
  return body?.smsSent === true;
}

/** docs/product.md §7 passwordless/resend: a fresh link for the payload of an expired one. */
export async function resendPasswordless(eventId: number, deliveryMethod: 'email' | 'sms', payload: string): Promise<boolean> {
  const response = await apiFetch(`/api/Registration/${eventId}/passwordless/resend`, {
    method: 'POST', body: { deliveryMethod, payload },
  }).catch(() => null);
  return response?.ok === true;
}

/** docs/product.md §7 getTermsText/{id}; an empty text means the event has no terms to accept. */
async function fetchTermsText(eventId: number, id: number): Promise<string | null> {
  const response = await apiFetch(eventApiUrl(eventId, `getTermsText/${id}`), { session: eventId }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json().catch(() => ({}))) as { termsText?: string | null };
  return body.termsText ?? '';
}

export async function storeTermsAcceptance(eventId: number, id: number, termsText: string): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, `storeTermsAcceptance/${id}`), {
    method: 'POST', body: { termsText }, session: eventId,
  }).catch(() => null);
  return response?.ok === true;
}

export type AfterLogin = { step: 'route' } | { step: 'terms'; termsHtml: string; userId: number; email: string } | { step: 'failed' };

/** docs/product.md §7 getOwnUserInfoFromSession; null when it cannot be read. */
async function fetchOwnUser(eventId: number): Promise<UserModuleResult | null> {
  const body = await memberJson<{ userModuleResult?: UserModuleResult } | null>(eventId, 'getOwnUserInfoFromSession').catch(() => null);
  return body?.userModuleResult ?? null;
}

/**
 * What follows a successful token call (docs/product.md §4): keep the tokens, read the user (failing that
 * is a logout), then the terms unless already shown to this account on this device. The
 * passwordless login knows no username before it reads the user.
 */
export async function afterLogin(eventId: number, tokens: StoredTokens, username?: string): Promise<AfterLogin> {
  storeTokens(tokens);
  if (username && isTermsShown(eventId, username)) return { step: 'route' };
  const user = await fetchOwnUser(eventId);
  if (!user) {
    await logout({ reload: false });
    return { step: 'failed' };
  }
  if (isTermsShown(eventId, user.Email)) return { step: 'route' };
  if (user.termsAccepted) {
    // Accepted before (on another device) or the event has no terms.
    markTermsShown(eventId, user.Email);
    return { step: 'route' };
  }
  const termsHtml = await fetchTermsText(eventId, user.UserID);
  if (termsHtml === null || termsHtml.trim() === '') {
    // No terms to accept: nothing to show on the next login either.
    if (termsHtml !== null) markTermsShown(eventId, user.Email);
    return { step: 'route' };
  }
  return { step: 'terms', termsHtml, userId: user.UserID, email: user.Email };
}

/** Accepting stores the acceptance on the server and remembers it on this device. */
export async function acceptTerms(eventId: number, userId: number, email: string, termsHtml: string): Promise<boolean> {
  if (!(await storeTermsAcceptance(eventId, userId, termsHtml))) return false;
  markTermsShown(eventId, email);
  return true;
}
