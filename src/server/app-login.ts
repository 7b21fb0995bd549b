import type { Delivery } from '~/server/delivery/delivery.service';
import type { LoginRepository } from '~/server/login/login.repository';
import { createLoginLinkService } from '~/server/login/login-link.service';
import { createLoginService } from '~/server/login/login.service';
import { createRecoveryService } from '~/server/login/recovery.service';
import type { SignupConfirmationRepository } from '~/server/login/signup-confirmation.repository';
import type { TokenService } from '~/server/login/token.service';
import { createTwoFactorService, isTwoFactorOn } from '~/server/login/two-factor.service';
import type { UserService } from '~/server/users/user.service';
import type { ResultsLoginRepository } from '~/server/results-login/results-login.repository';
import { createResultsLoginService } from '~/server/results-login/results-login.service';
import type { sharedLimits } from './app-limits';

interface LoginDeps {
  repository: LoginRepository;
  signups: SignupConfirmationRepository;
  users: UserService;
  tokens: TokenService;
  delivery: Delivery;
  limits: ReturnType<typeof sharedLimits>;
  clock: () => Date;
}

/**
 * The composition root's login part (app.ts): password login with its pending passwords, login
 * links, two-factor pins and recovery, each with its limits (docs/security.md "Limits").
 */
export function createLoginServices({ repository, signups, users, tokens, delivery, limits: { window: shared, backoff, marks }, clock }: LoginDeps) {
  const links = createLoginLinkService({ repository, users, signups, delivery, linkLimiter: shared('link', 3, 15), addressLimiter: shared('link-addr', 100, 15), clock });
  const twoFactor = createTwoFactorService({ repository, users, delivery, accountLimiter: shared('pin', 5, 15), addressLimiter: shared('pin-addr', 100, 15), clock });
  const recovery = createRecoveryService({ repository, users, delivery, accountLimiter: shared('recovery', 3, 60), addressLimiter: shared('recovery-addr', 20, 15), clock });
  const login = createLoginService({
    users, tokens, links, signups,
    // Failed logins: 5 free per (account, address), then 1 s, 2 s, 4 s … up to 15 minutes; per
    // account 20 free then up to 1 minute (not for addresses it logged in from in the last 30
    // days); per address (a venue) 100 free then up to 1 minute.
    limits: {
      pair: backoff('login-pair', 5, 15 * 60, 60), account: backoff('login-account', 20, 60, 15), address: backoff('login-addr', 100, 60, 15),
      known: marks('login-known', 30),
    },
    pendingPasswords: {
      find: (userId) => repository.findPendingPassword(userId, clock().toISOString()),
      promote: (eventId, userId, hash) => repository.promotePendingPassword(eventId, userId, hash),
    },
    secondFactor: { isRequired: isTwoFactorOn, verify: (input) => twoFactor.verify(input) },
  });
  return { login, links, twoFactor, recovery };
}

/**
 * Results and admission logins: per address of the event 10 wrong passwords free, then 1 s,
 * 2 s … up to 1 minute; per password of the event 30 free, then the same; forgotten 15 minutes
 * after the last. Neither for addresses that opened a session of the event in the last 30
 * days; a wait told is honoured for 2 minutes after it ends.
 */
export function createResultsLogin(repository: ResultsLoginRepository, { backoff, marks, turns }: ReturnType<typeof sharedLimits>, clock: () => Date) {
  return createResultsLoginService({
    repository, clock,
    limits: {
      address: backoff('results-addr', 10, 60, 15), password: backoff('results-password', 30, 60, 15),
      known: marks('results-known', 30), turns: turns('results-turn', 2),
    },
  });
}
