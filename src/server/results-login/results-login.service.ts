import { DomainError } from '~/server/errors';
import { verifyPassword } from '~/server/shared/password';
import { longestWait, type Limiter, type Marks, type Turns } from '~/server/shared/limiter';
import { newSecret, sha256 } from '~/server/shared/secrets';
import type { ResultsLoginRepository, ResultsScope } from './results-login.repository';

/** Results sessions are short-lived (docs/decisions.md "Accounts and roles"): 4 hours from login. */
export const RESULTS_SESSION_MS = 4 * 60 * 60 * 1000;

/** What a results session allows: every poll (`generic`), one access key (`poll`) or the admission lists. */
export interface ResultsGrant {
  scope: ResultsScope;
  pollAccessKey: string | null;
  /** The session behind the grant (per-session limits of the door check-in); absent before it is stored. */
  sessionId?: number;
}

/** A session just opened: the secret goes into the cookie named by `marker` (docs/product.md §2 markers). */
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
  limits: {
    /** Wrong passwords per event and client address: the guesser. */
    address: Limiter;
    /** Wrong guesses of one password of the event from anywhere (a distributed guess): growing delays, never a lock. */
    password: Limiter;
    /** Addresses that opened a results or admission session of the event lately: the organisers'. Never delayed. */
    known: Marks;
    /** Per-password waits told to an address: honoured once they pass, whatever guesses came meanwhile. */
    turns: Turns;
  };
  clock: () => Date;
}

/** The cookie (and the docs/product.md §2 local marker) a grant lives under. */
export function markerOf(grant: ResultsGrant): string {
  if (grant.scope === 'participant') return 'participant_results';
  return grant.scope === 'generic' ? 'private_results_generic' : `private_results_${grant.pollAccessKey}`;
}

/** True when the grant lets its holder see the results of the poll (or template) with this key. */
export function grantsPoll(grant: ResultsGrant, accessKey: string): boolean {
  return grant.scope === 'generic' || (grant.scope === 'poll' && grant.pollAccessKey === accessKey);
}

/**
 * Results and admission logins (docs/product.md §6, §7 connect/poll and connect/participant). The
 * sessions are their own: they never authenticate an attendee call, and an attendee token
 * never opens results. A closed event refuses with `results.closed` ('This event is closed').
 *
 * Wrong passwords limit the guesser, never the organiser (docs/security.md "Limits"): each
 * counts against the address it came from and against the password it tried, which the server
 * names (never a key the client picks). Both delay (growing, up to a minute), never lock. An
 * address that opened a session of the event lately is never delayed (at a venue the organisers
 * and the door share the Wi-Fi's address), and an address told to wait for the password gets its
 * turn when the wait is over, even if a guess from elsewhere set it again meanwhile.
 */
export function createResultsLoginService({ repository, limits, clock }: Dependencies) {
  const keyOf = (event: LoginEvent, part: string) => `${event.eventId}:${part}`;

  async function passwordsOf(event: LoginEvent) {
    if (!event.isActive) throw new DomainError('results.closed', 'This event is closed');
    return repository.findEventPasswords(event.eventId);
  }

  async function guard(event: LoginEvent, address: string, tried: string[]): Promise<void> {
    const addressKey = keyOf(event, address);
    if (await limits.known.has(addressKey)) return;
    const tooMany = (retryAfter: number) => new DomainError('results.rate_limited', 'Too many wrong passwords; try again later', { retryAfter });
    const addressWait = await limits.address.retryAfter(addressKey);
    if (addressWait > 0) throw tooMany(addressWait);
    const passwordWait = await longestWait(tried.map((password): [Limiter, string] => [limits.password, keyOf(event, password)]));
    if (passwordWait === 0 || (await limits.turns.redeem(addressKey))) return;
    await limits.turns.promise(addressKey, passwordWait);
    throw tooMany(passwordWait);
  }

  async function failed(event: LoginEvent, address: string, tried: string[]): Promise<void> {
    await Promise.all([limits.address.fail(keyOf(event, address)), ...tried.map((password) => limits.password.fail(keyOf(event, password)))]);
  }

  async function open(event: LoginEvent, address: string, grant: ResultsGrant): Promise<OpenedSession> {
    const { eventId } = event;
    await limits.known.mark(keyOf(event, address));
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
      const passwords = await passwordsOf(event);
      const poll = input.pollAccessKey ? await repository.findPollPassword(event.eventId, input.pollAccessKey) : undefined;
      // Every guess tries the generic password; a poll's own only when that poll has one.
      const tried = poll?.hash ? ['generic', `poll:${input.pollAccessKey}`] : ['generic'];
      await guard(event, input.address, tried);
      if (poll?.hash && (await verifyPassword(input.password, poll.hash))) {
        const session = await open(event, input.address, { scope: 'poll', pollAccessKey: input.pollAccessKey! });
        return { isLoginSuccess: true, isGenericLogin: false, session };
      }
      if (await verifyPassword(input.password, passwords.generic)) {
        const session = await open(event, input.address, { scope: 'generic', pollAccessKey: null });
        return { isLoginSuccess: true, isGenericLogin: true, session };
      }
      await failed(event, input.address, tried);
      return { isLoginSuccess: false, isGenericLogin: false, session: undefined };
    },

    /** POST connect/participant: the admission area's password (else the generic results one); undefined when wrong. */
    async connectParticipant(event: LoginEvent, input: { password: string; accessKey?: string | undefined; address: string }): Promise<OpenedSession | undefined> {
      const passwords = await passwordsOf(event);
      const tried = [passwords.participants ? 'participants' : 'generic'];
      await guard(event, input.address, tried);
      if (await verifyPassword(input.password, passwords.participants ?? passwords.generic)) {
        return open(event, input.address, { scope: 'participant', pollAccessKey: null });
      }
      await failed(event, input.address, tried);
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
