import type { EventInfo } from '~/contracts/event-info';
import type { Delivery } from '~/server/delivery/delivery.service';
import { DomainError } from '~/server/errors';
import { longestWait, type Limiter } from '~/server/shared/limiter';
import type { UserService } from '~/server/users/user.service';
import type { LoginRepository } from './login.repository';
import { newSecret, sha256 } from '~/server/shared/secrets';

/** PRODUCT-DECISIONS default: a login link works once, for 30 minutes. */
export const LINK_LIFETIME_MS = 30 * 60 * 1000;
/** An old link can ask for a new one for this long after it was made. */
export const RESEND_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export type DeliveryMethod = 'email' | 'sms';

interface Dependencies {
  repository: LoginRepository;
  users: Pick<UserService, 'findById'>;
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
export function createLoginLinkService({ repository, users, delivery, linkLimiter, addressLimiter, clock = () => new Date() }: Dependencies) {
  async function issue(eventId: number, userId: number): Promise<string> {
    const now = clock();
    const token = newSecret();
    await repository.insertLink({
      eventId, userId, tokenHash: sha256(token),
      createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS).toISOString(),
    });
    return token;
  }

  return {
    issue,

    /** The user a live link of this event belongs to; the link stops working. */
    async consume(eventId: number, token: string): Promise<number> {
      const row = await repository.findLinkByHash(sha256(token));
      if (!row || row.eventId !== eventId) throw expired();
      if (!(await repository.useLink(row.id, clock().toISOString()))) throw expired();
      return row.userId;
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
      if (method === 'sms' && !user.phone) throw new DomainError('passwordless.no_phone', 'No phone number on this account');

      const link = `${origin}/login/otp/${await issue(event.eventId, user.id)}`;
      const values = { name: user.firstName, event: event.eventName, link };
      if (method === 'sms') await delivery.sms(user.phone!.replace(/\s/g, ''), 'loginLink', event.locale, values);
      else await delivery.email(user.email, 'loginLink', event.locale, values);
    },
  };
}

export type LoginLinkService = ReturnType<typeof createLoginLinkService>;
