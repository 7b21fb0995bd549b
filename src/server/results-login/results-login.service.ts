import { DomainError } from '~/server/errors';
import { verifyPassword } from '~/server/shared/password';
import type { RateLimiter } from '~/server/shared/rate-limiter';
import { newSecret, sha256 } from '~/server/shared/secrets';
import type { ResultsLoginRepository, ResultsScope } from './results-login.repository';

/** Results sessions are short-lived (PRODUCT-DECISIONS "Accounts and roles"): 4 hours from login. */
export const RESULTS_SESSION_MS = 4 * 60 * 60 * 1000;

/** What a results session allows: every poll (`generic`), one access key (`poll`) or the admission lists. */
export interface ResultsGrant {
  scope: ResultsScope;
  pollAccessKey: string | null;
  /** The session behind the grant (per-session limits of the door check-in); absent before it is stored. */
  sessionId?: number;
}

/** A session just opened: the secret goes into the cookie named by `marker` (SPEC §2 markers). */
export interface OpenedSession {
  token: string;
  marker: string;
  maxAgeSeconds: number;
}

interface LoginEvent {
  eventId: number;
  isActive: boolean;
}

interface Dependencies {
  repository: ResultsLoginRepository;
  /** Failed logins per client address, and per event and access key (a distributed guess). */
  addressLimiter: RateLimiter;
  keyLimiter: RateLimiter;
  clock: () => Date;
}

/** The cookie (and the SPEC §2 local marker) a grant lives under. */
export function markerOf(grant: ResultsGrant): string {
  if (grant.scope === 'participant') return 'participant_results';
  return grant.scope === 'generic' ? 'private_results_generic' : `private_results_${grant.pollAccessKey}`;
}

/** True when the grant lets its holder see the results of the poll (or template) with this key. */
export function grantsPoll(grant: ResultsGrant, accessKey: string): boolean {
  return grant.scope === 'generic' || (grant.scope === 'poll' && grant.pollAccessKey === accessKey);
}

/**
 * Results and admission logins (SPEC §6, §7 connect/poll and connect/participant). The
 * sessions are their own: they never authenticate an attendee call, and an attendee token
 * never opens results. Wrong passwords count against the address and the key; a closed
 * event refuses with `results.closed` ('This event is closed').
 */
export function createResultsLoginService({ repository, addressLimiter, keyLimiter, clock }: Dependencies) {
  function guard(event: LoginEvent, address: string, key: string): void {
    if (!event.isActive) throw new DomainError('results.closed', 'This event is closed');
    const retryAfter = Math.max(addressLimiter.retryAfter(`${event.eventId}:${address}`), keyLimiter.retryAfter(`${event.eventId}:${key}`));
    if (retryAfter > 0) throw new DomainError('results.rate_limited', 'Too many wrong passwords; try again later', { retryAfter });
  }

  function failed(event: LoginEvent, address: string, key: string): void {
    addressLimiter.fail(`${event.eventId}:${address}`);
    keyLimiter.fail(`${event.eventId}:${key}`);
  }

  async function open(eventId: number, grant: ResultsGrant): Promise<OpenedSession> {
    const token = newSecret();
    const now = clock();
    await repository.deleteExpired(now.toISOString());
    await repository.insert({
      eventId, tokenHash: sha256(token), scope: grant.scope, pollAccessKey: grant.pollAccessKey,
      createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + RESULTS_SESSION_MS).toISOString(),
    });
    return { token, marker: markerOf(grant), maxAgeSeconds: RESULTS_SESSION_MS / 1000 };
  }

  return {
    /**
     * POST connect/poll. With a key, the poll's own results password opens that poll's results;
     * the event's generic password opens every poll (`isGenericLogin`), with or without a key.
     */
    async connectPoll(event: LoginEvent, input: { password: string; pollAccessKey?: string | undefined; address: string }) {
      const key = input.pollAccessKey ?? '*generic';
      guard(event, input.address, key);
      const passwords = await repository.findEventPasswords(event.eventId);
      const poll = input.pollAccessKey ? await repository.findPollPassword(event.eventId, input.pollAccessKey) : undefined;
      if (poll?.hash && (await verifyPassword(input.password, poll.hash))) {
        const session = await open(event.eventId, { scope: 'poll', pollAccessKey: input.pollAccessKey! });
        return { isLoginSuccess: true, isGenericLogin: false, session };
      }
      if (await verifyPassword(input.password, passwords.generic)) {
        const session = await open(event.eventId, { scope: 'generic', pollAccessKey: null });
        return { isLoginSuccess: true, isGenericLogin: true, session };
      }
      failed(event, input.address, key);
      return { isLoginSuccess: false, isGenericLogin: false, session: undefined };
    },

    /** POST connect/participant: the admission area's password (else the generic results one); undefined when wrong. */
    async connectParticipant(event: LoginEvent, input: { password: string; accessKey?: string | undefined; address: string }): Promise<OpenedSession | undefined> {
      guard(event, input.address, '*participants');
      const passwords = await repository.findEventPasswords(event.eventId);
      if (await verifyPassword(input.password, passwords.participants ?? passwords.generic)) {
        return open(event.eventId, { scope: 'participant', pollAccessKey: null });
      }
      failed(event, input.address, '*participants');
      return undefined;
    },

    /** The grant behind a results session token of this event, or undefined (unknown, expired, another event's). */
    async authenticate(token: string, eventId: number): Promise<ResultsGrant | undefined> {
      if (!token || token.length > 200) return undefined;
      const found = await repository.findLive(sha256(token), eventId, clock().toISOString());
      return found && { scope: found.scope, pollAccessKey: found.pollAccessKey, sessionId: found.id };
    },
  };
}

export type ResultsLoginService = ReturnType<typeof createResultsLoginService>;
