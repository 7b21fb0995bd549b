import type { EventInfo } from '~/contracts/event-info';
import type { Delivery } from '~/server/delivery/delivery.service';
import { DomainError } from '~/server/errors';
import { longestWait, take, type Limiter } from '~/server/shared/limiter';
import type { UserService } from '~/server/users/user.service';
import type { LoginRepository } from './login.repository';
import type { SignupConfirmationRepository } from './signup-confirmation.repository';
import { newSecret, sha256 } from '~/server/shared/secrets';

/** docs/decisions.md default: a login link works once, for 30 minutes. */
export const LINK_LIFETIME_MS = 30 * 60 * 1000;
/** An old link can ask for a new one for this long after it was made. */
export const RESEND_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export type DeliveryMethod = 'email' | 'sms';

interface Dependencies {
  repository: LoginRepository;
  users: Pick<UserService, 'findById' | 'findByEmail'>;
  /** Sign-ups whose address a link proves (docs/registration.md). */
  signups: Pick<SignupConfirmationRepository, 'find' | 'bindLink' | 'confirm'>;
  delivery: Delivery;
  linkLimiter: Limiter;
  addressLimiter: Limiter;
  clock?: () => Date;
}

const expired = () => new DomainError('auth.link_expired', 'Link expired. Request a new link');

/**
 * Passwordless login links (/login/otp/{payload}). The payload is a random token; only its
 * hash is stored, so the payload names nobody and a database reader cannot log in with it.
 */
export function createLoginLinkService({ repository, users, signups, delivery, linkLimiter, addressLimiter, clock = () => new Date() }: Dependencies) {
  /**
   * A new link for the user. `confirmsSignup`: it is the link that confirms their sign-up, so
   * using it makes the password chosen at sign-up the password (only the newest such link does).
   */
  async function issue(eventId: number, userId: number, { confirmsSignup = false } = {}): Promise<string> {
    const now = clock();
    const token = newSecret();
    await repository.insertLink({
      eventId, userId, tokenHash: sha256(token),
      createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS).toISOString(),
    });
    if (confirmsSignup) await signups.bindLink(userId, sha256(token));
    return token;
  }

  async function send(event: EventInfo, user: { id: number; email: string; phone: string | null; firstName: string }, method: DeliveryMethod, origin: string, confirmsSignup: boolean): Promise<void> {
    const link = `${origin}/login/otp/${await issue(event.eventId, user.id, { confirmsSignup })}`;
    const values = { name: user.firstName, event: event.eventName, link };
    if (method === 'sms') await delivery.sms(user.phone!.replace(/\s/g, ''), 'loginLink', event.locale, values);
    else await delivery.email(user.email, 'loginLink', event.locale, values);
  }

  return {
    issue,

    /**
     * Mails a login link an organiser sends an attendee (docs/console.md "People"); three per
     * attendee in 15 minutes, as a link asked for again.
     */
    async sendByOrganiser(event: EventInfo, userId: number, origin: string): Promise<void> {
      const key = `organiser:${event.eventId}:${userId}`;
      const wait = await take(linkLimiter, key);
      if (wait > 0) throw new DomainError('passwordless.rate_limited', 'Too many login links for this attendee. Try again later.', { retryAfter: wait });
      const user = await users.findById(event.eventId, userId);
      if (!user) throw new DomainError('attendee.not_found', 'No such attendee in this event');
      await send(event, user, 'email', origin, false);
    },

    /**
     * The user a live link of this event belongs to; the link stops working, and the user's
     * address counts as proven (a sign-up's password stays only from the browser that signed up,
     * `browserSecret`: its `ep_signup` cookie).
     */
    async consume(eventId: number, token: string, browserSecret?: string): Promise<number> {
      const row = await repository.findLinkByHash(sha256(token));
      if (!row || row.eventId !== eventId) throw expired();
      if (!(await repository.useLink(row.id, clock().toISOString()))) throw expired();
      await signups.confirm(row.userId, row.tokenHash, browserSecret === undefined ? null : sha256(browserSecret));
      return row.userId;
    },

    /**
     * A new confirmation link for a sign-up whose address is not proven yet (the login screen
     * offers it after `auth.unconfirmed`). Answers the same for any address; mails only the owner.
     */
    async resendConfirmation({ event, email, origin, address }: { event: EventInfo; email: string; origin: string; address: string }): Promise<void> {
      const key = `confirm:${event.eventId}:${email.trim().toLowerCase()}`;
      const wait = await longestWait([[linkLimiter, key], [addressLimiter, address]]);
      if (wait > 0) throw new DomainError('passwordless.rate_limited', 'Too many requests. Try again later.', { retryAfter: wait });
      await Promise.all([linkLimiter.fail(key), addressLimiter.fail(address)]);
      const user = await users.findByEmail(event.eventId, email.trim().toLowerCase());
      if (!user || !(await signups.find(user.id))) return;
      await send(event, user, 'email', origin, true);
    },

    /** Sends a new link to the owner of an old (used or expired) one, by e-mail or SMS. */
    async resend({ event, payload, method, origin, address }: { event: EventInfo; payload: string; method: DeliveryMethod; origin: string; address: string }): Promise<void> {
      const key = sha256(payload);
      const wait = await longestWait([[linkLimiter, key], [addressLimiter, address]]);
      if (wait > 0) throw new DomainError('passwordless.rate_limited', 'Too many requests. Try again later.', { retryAfter: wait });
      await Promise.all([linkLimiter.fail(key), addressLimiter.fail(address)]);

      const row = await repository.findLinkByHash(key);
      const tooOld = row && Date.parse(row.createdAt) + RESEND_WINDOW_MS <= clock().getTime();
      if (!row || row.eventId !== event.eventId || tooOld) throw new DomainError('passwordless.not_found', 'This link is not known');
      const user = await users.findById(event.eventId, row.userId);
      if (!user) throw new DomainError('passwordless.not_found', 'This link is not known');
      // An unproven sign-up's phone is whatever was typed into the form: its links go by e-mail.
      const signup = await signups.find(user.id);
      const by = signup ? 'email' : method;
      if (by === 'sms' && !user.phone) throw new DomainError('passwordless.no_phone', 'No phone number on this account');
      await send(event, user, by, origin, signup !== undefined && signup.linkHash === key);
    },
  };
}

export type LoginLinkService = ReturnType<typeof createLoginLinkService>;
