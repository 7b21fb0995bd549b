import type { UserModuleResult } from '~/contracts/profile';
import type { StoredTokens } from './token-storage';
import { isTermsShown, markTermsShown } from './token-storage';
import { memberJson } from '~/islands/http/api.client';
import { logout, storeTokens } from './session.store';
import { fetchTermsText, storeTermsAcceptance } from './login.api';

export type AfterLogin = { step: 'route' } | { step: 'terms'; termsHtml: string; userId: number; email: string } | { step: 'failed' };

/** SPEC §7 getOwnUserInfoFromSession; null when it cannot be read. */
export async function fetchOwnUser(eventId: number): Promise<UserModuleResult | null> {
  const body = await memberJson<{ userModuleResult?: UserModuleResult } | null>(eventId, 'getOwnUserInfoFromSession').catch(() => null);
  return body?.userModuleResult ?? null;
}

/**
 * What follows a successful token call (SPEC §4): keep the tokens, read the user (failing that
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
