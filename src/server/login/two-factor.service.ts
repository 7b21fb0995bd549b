import type { EventInfo } from '~/contracts/event-info';
import { longestWait, type Limiter } from '~/server/shared/limiter';
import type { Delivery } from '~/server/delivery/delivery.service';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import type { UserService } from '~/server/users/user.service';
import type { LoginRepository } from './login.repository';
import { newPin, newSecret, sameHash, sha256 } from '~/server/shared/secrets';

export const PIN_LIFETIME_MS = 5 * 60 * 1000;
export const PIN_MAX_ATTEMPTS = 5;

interface Dependencies {
  repository: LoginRepository;
  users: Pick<UserService, 'findByEmail'>;
  delivery: Delivery;
  accountLimiter: Limiter;
  addressLimiter: Limiter;
  clock?: () => Date;
}

// The pin id salts the hash; a 6-digit pin is short, which is why pins die after 5 minutes or 5 tries.
const pinHash = (pinId: string, pin: string): string => sha256(`${pinId}:${pin}`);

export const isTwoFactorOn = (event: EventInfo): boolean => event.isTwoFactor || event.features.twoFactorAuth === true;

/** SMS pins for two-factor login (docs/product.md §4): requested first, then sent with the password grant. */
export function createTwoFactorService({ repository, users, delivery, accountLimiter, addressLimiter, clock = () => new Date() }: Dependencies) {
  return {
    /**
     * Always a pinId, whether or not the account exists; the pin goes out only to a real one,
     * and only when the event has two-factor login on (otherwise nothing is sent: a 400).
     */
    async requestPin({ event, email, address }: { event: EventInfo; email: string; address: string }): Promise<string> {
      if (!isTwoFactorOn(event)) throw new DomainError('auth.two_factor_off', 'Two-factor login is off for this event');
      const accountKey = `${event.eventId}:${email.trim().toLowerCase()}`;
      const wait = await longestWait([[accountLimiter, accountKey], [addressLimiter, address]]);
      if (wait > 0) throw new DomainError('auth.rate_limited', 'Too many requests. Try again later.', { retryAfter: wait });
      await Promise.all([accountLimiter.fail(accountKey), addressLimiter.fail(address)]);

      const pinId = newSecret(16);
      const user = await users.findByEmail(event.eventId, email);
      if (!user) return pinId;
      const pin = newPin();
      const now = clock();
      await repository.insertPin({
        eventId: event.eventId, userId: user.id, pinId, pinHash: pinHash(pinId, pin),
        createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + PIN_LIFETIME_MS).toISOString(),
      });
      const values = { name: user.firstName, event: event.eventName, pin };
      // Not awaited: how long sending takes must not tell whether the account exists.
      const sending = user.phone
        ? delivery.sms(user.phone.replace(/\s/g, ''), 'twoFactorPin', event.locale, values)
        : delivery.email(user.email, 'twoFactorPin', event.locale, values);
      sending.catch((error: unknown) => log.error('two-factor pin not delivered', { eventId: event.eventId, error: String(error) }));
      return pinId;
    },

    /** Accepts the pin once; wrong pins count, and the fifth wrong one ends the pin. */
    async verify({ eventId, userId, pinId, pin }: { eventId: number; userId: number; pinId: string | undefined; pin: string | undefined }): Promise<void> {
      if (!pinId || !pin) throw new DomainError('auth.pin_required', 'Enter the code we sent by SMS', { field: pinId ? 'pin' : 'pinId' });
      const row = await repository.findPin(pinId);
      if (!row || row.eventId !== eventId || row.userId !== userId) throw new DomainError('auth.pin_invalid', 'The code is wrong');
      const spent = row.usedAt !== null || Date.parse(row.expiresAt) <= clock().getTime() || row.attempts >= PIN_MAX_ATTEMPTS;
      if (spent) throw new DomainError('auth.pin_expired', 'The code has expired. Request a new one');
      if (!/^\d{6}$/.test(pin) || !sameHash(pinHash(pinId, pin), row.pinHash)) {
        await repository.countPinAttempt(row.id);
        throw new DomainError('auth.pin_invalid', 'The code is wrong');
      }
      if (!(await repository.usePin(row.id, clock().toISOString()))) throw new DomainError('auth.pin_expired', 'The code has expired. Request a new one');
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
