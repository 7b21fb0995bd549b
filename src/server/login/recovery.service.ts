import type { EventInfo } from '~/contracts/event-info';
import { hashPassword } from '~/server/shared/password';
import { longestWait, type Limiter } from '~/server/shared/limiter';
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
  accountLimiter: Limiter;
  addressLimiter: Limiter;
  clock?: () => Date;
}

/**
 * Password recovery (docs/product.md §2 recovery modal, §8): a new password by e-mail or SMS. It is
 * stored as pending, so a stranger asking cannot lock the owner out; the first login with it
 * makes it the password. Answers never tell whether the account exists.
 */
export function createRecoveryService({ repository, users, delivery, accountLimiter, addressLimiter, clock = () => new Date() }: Dependencies) {
  async function limit(accountKey: string, address: string): Promise<void> {
    const wait = await longestWait([[accountLimiter, accountKey], [addressLimiter, address]]);
    if (wait > 0) throw new DomainError('recovery.rate_limited', 'Too many requests. Try again later.', { retryAfter: wait });
    await Promise.all([accountLimiter.fail(accountKey), addressLimiter.fail(address)]);
  }

  /**
   * Makes and stores a pending password for `user`. For no user the same password is made and
   * hashed all the same, so the CPU an answer competes with does not tell whether the account exists.
   */
  async function prepare(user: UserRecord | undefined): Promise<string | undefined> {
    const password = newPassword();
    const passwordHash = await hashPassword(password);
    if (!user) return undefined;
    const now = clock();
    await repository.putPendingPassword({
      userId: user.id, passwordHash,
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
      await limit(`${event.eventId}:mail:${email.toLowerCase()}`, address);
      const user = await users.findByEmail(event.eventId, email);
      inBackground((async () => {
        const password = await prepare(user);
        if (!user || password === undefined) return;
        await delivery.email(user.email, 'newPassword', event.locale, { name: user.firstName, event: event.eventName, password });
      })(), event.eventId);
    },

    async bySms({ event, countryPrefix, phoneNumber, address }: { event: EventInfo; countryPrefix: string; phoneNumber: string; address: string }): Promise<void> {
      const number = phoneDigits(phoneNumber);
      const full = phoneDigits(countryPrefix) + number;
      await limit(`${event.eventId}:sms:${full}`, address);
      // A stored number may carry the country prefix or not; both readings must name one account.
      const matches = (await repository.listPhones(event.eventId)).filter((row) => {
        const digits = phoneDigits(row.phone);
        return digits === full || digits === number || digits === `00${full}`;
      });
      const found = matches.length === 1 ? await users.findById(event.eventId, matches[0]!.id) : undefined;
      const user = found?.phone ? found : undefined;
      inBackground((async () => {
        const password = await prepare(user);
        if (!user?.phone || password === undefined) return;
        await delivery.sms(user.phone.replace(/\s/g, ''), 'newPassword', event.locale, { name: user.firstName, event: event.eventName, password });
      })(), event.eventId);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
