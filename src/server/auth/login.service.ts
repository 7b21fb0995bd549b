import type { TokenResponse } from '~/contracts/auth';
import type { EventInfo } from '~/contracts/event-info';
import { toInt } from '~/server/db/sql-values';
import { DomainError } from '~/server/errors';
import type { UserRepository } from '~/server/users/user.repository';
import { hashPassword, verifyPassword } from './password';
import type { RateLimiter } from './rate-limiter';
import type { TokenService } from './token.service';

export interface PasswordLogin {
  event: EventInfo;
  username: string;
  password: string;
  /** SPEC §2: visibility chosen at login, when offered. */
  visible?: boolean | undefined;
  address: string;
}

interface Dependencies {
  users: UserRepository;
  tokens: TokenService;
  accountLimiter: RateLimiter;
  addressLimiter: RateLimiter;
}

// Verifying against a real hash when the account does not exist keeps the answer time the
// same, so timing does not tell whether an e-mail is registered.
let decoyHash: Promise<string> | undefined;

export function createLoginService({ users, tokens, accountLimiter, addressLimiter }: Dependencies) {
  return {
    async passwordLogin({ event, username, password, visible, address }: PasswordLogin): Promise<TokenResponse> {
      if (!event.isActive) throw new DomainError('event.closed', 'This event is closed');
      const email = username.trim().toLowerCase();
      const accountKey = `${event.eventId}:${email}`;
      const wait = Math.max(accountLimiter.retryAfter(accountKey), addressLimiter.retryAfter(address));
      if (wait > 0) throw new DomainError('auth.rate_limited', 'Too many attempts. Try again later.', { retryAfter: wait });

      const user = await users.findByEmail(event.eventId, email);
      decoyHash ??= hashPassword('decoy-password-never-used');
      const isValid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
      if (!user || !user.password_hash || !isValid) {
        accountLimiter.fail(accountKey);
        addressLimiter.fail(address);
        throw new DomainError('auth.invalid_grant', 'Username or password is wrong');
      }
      accountLimiter.reset(accountKey);
      const userId = toInt(user.id);
      if (visible !== undefined) await users.setHidden(event.eventId, userId, !visible);
      return tokens.issue({ eventId: event.eventId, userId });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
