import type { EventInfo } from '~/contracts/event-info';
import { hashPassword } from '~/server/shared/password';
import type { RateLimiter } from '~/server/shared/rate-limiter';
import type { Delivery } from '~/server/delivery/delivery.service';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import type { UserRecord, UserService } from '~/server/users/user.service';
import type { LoginRepository } from './login.repository';
import { newPassword, phoneDigits } from '~/server/shared/secrets';

/** A recovery password not used within a day lapses; the old password never stopped working. */
export const PENDING_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Dependencies {
  repository: LoginRepository;
  users: Pick<UserService, 'findByEmail' | 'findById'>;
  delivery: Delivery;
  accountLimiter: RateLimiter;
  addressLimiter: RateLimiter;
  clock?: () => Date;
}

/**
 * Password recovery (SPEC §2 recovery modal, §8): a new password by e-mail or SMS. It is
 * stored as pending, so a stranger asking cannot lock the owner out; the first login with it
 * makes it the password. Answers never tell whether the account exists.
 */
export function createRecoveryService({ repository, users, delivery, accountLimiter, addressLimiter, clock = () => new Date() }: Dependencies) {
  function limit(accountKey: string, address: string): void {
    const wait = Math.max(accountLimiter.retryAfter(accountKey), addressLimiter.retryAfter(address));
    if (wait > 0) throw new DomainError('recovery.rate_limited', 'Too many requests. Try again later.', { retryAfter: wait });
    accountLimiter.fail(accountKey);
    addressLimiter.fail(address);
  }

  async function prepare(user: UserRecord): Promise<string> {
    const password = newPassword();
    const now = clock();
    await repository.putPendingPassword({
      userId: user.id, passwordHash: await hashPassword(password),
      createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + PENDING_PASSWORD_LIFETIME_MS).toISOString(),
    });
    return password;
  }

  // Sending runs after the answer: how long SMTP takes must not reveal that the account exists.
  function inBackground(work: Promise<void>, eventId: number): void {
    work.catch((error: unknown) => log.error('recovery message not delivered', { eventId, error: String(error) }));
  }

  return {
    async byEmail({ event, email, address }: { event: EventInfo; email: string; address: string }): Promise<void> {
      limit(`${event.eventId}:mail:${email.toLowerCase()}`, address);
      const user = await users.findByEmail(event.eventId, email);
      if (!user) return;
      inBackground((async () => {
        const password = await prepare(user);
        await delivery.email(user.email, 'newPassword', event.locale, { name: user.firstName, event: event.eventName, password });
      })(), event.eventId);
    },

    async bySms({ event, countryPrefix, phoneNumber, address }: { event: EventInfo; countryPrefix: string; phoneNumber: string; address: string }): Promise<void> {
      const number = phoneDigits(phoneNumber);
      const full = phoneDigits(countryPrefix) + number;
      limit(`${event.eventId}:sms:${full}`, address);
      // A stored number may carry the country prefix or not; both readings must name one account.
      const matches = (await repository.listPhones(event.eventId)).filter((row) => {
        const digits = phoneDigits(row.phone);
        return digits === full || digits === number || digits === `00${full}`;
      });
      if (matches.length !== 1) return;
      const user = await users.findById(event.eventId, matches[0]!.id);
      if (!user?.phone) return;
      const to = user.phone.replace(/\s/g, '');
      inBackground((async () => {
        const password = await prepare(user);
        await delivery.sms(to, 'newPassword', event.locale, { name: user.firstName, event: event.eventName, password });
      })(), event.eventId);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
