import { createLoginService, type LoginService } from '~/server/auth/login.service';
import { createRateLimiter } from '~/server/auth/rate-limiter';
import { delivery } from '~/server/delivery/delivery.wiring';
import { services } from '~/server/services';
import { createIdentityRepository } from './identity.repository';
import { createLoginLinkService, type LoginLinkService } from './login-link.service';
import { createRecoveryService, type RecoveryService } from './recovery.service';
import { createTwoFactorService, isTwoFactorOn, type TwoFactorService } from './two-factor.service';

export interface Identity {
  /** The login service with pending passwords, two-factor and login links plugged in. */
  login: LoginService;
  links: LoginLinkService;
  twoFactor: TwoFactorService;
  recovery: RecoveryService;
}

const MINUTE = 60 * 1000;
const limiter = (limit: number, minutes: number) => createRateLimiter({ limit, windowMs: minutes * MINUTE });

let instance: Identity | undefined;

export function identity(): Identity {
  if (!instance) {
    const { db, users, tokens } = services();
    const repository = createIdentityRepository(db);
    const send = delivery();
    const links = createLoginLinkService({ repository, users, delivery: send, linkLimiter: limiter(3, 15), addressLimiter: limiter(20, 15) });
    const twoFactor = createTwoFactorService({ repository, users, delivery: send, accountLimiter: limiter(5, 15), addressLimiter: limiter(30, 15) });
    const recovery = createRecoveryService({ repository, users, delivery: send, accountLimiter: limiter(3, 60), addressLimiter: limiter(20, 15) });
    const now = () => new Date().toISOString();
    instance = {
      links, twoFactor, recovery,
      // Same limits as the core wiring in services.ts; this one adds what recovery and 2FA need.
      login: createLoginService({
        users, tokens, accountLimiter: limiter(5, 15), addressLimiter: limiter(30, 15),
        pendingPasswords: {
          find: (userId) => repository.findPendingPassword(userId, now()),
          promote: (eventId, userId, hash) => repository.promotePendingPassword(eventId, userId, hash),
        },
        secondFactor: { isRequired: isTwoFactorOn, verify: (input) => twoFactor.verify(input) },
        links,
      }),
    };
  }
  return instance;
}
