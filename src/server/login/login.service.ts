import type { TokenResponse } from '~/contracts/login';
import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';
import type { UserService } from '~/server/users/user.service';
import { hashPassword, verifyPassword } from '~/server/shared/password';
import { longestWait, type Marks, type Limiter } from '~/server/shared/limiter';
import type { TokenService } from './token.service';

export interface PasswordLogin {
  event: EventInfo;
  username: string;
  password: string;
  /** docs/product.md §2: visibility chosen at login, when offered. */
  visible?: boolean | undefined;
  address: string;
  /** Two-factor (docs/product.md §4): the pin id from getTwoFactorPin and the pin sent by SMS. */
  pinId?: string | undefined;
  pin?: string | undefined;
}

/** Pending passwords from recovery: the old password works until the pending one is used. */
export interface PendingPasswords {
  find(userId: number): Promise<string | undefined>;
  promote(eventId: number, userId: number, passwordHash: string): Promise<void>;
}

/** The second factor, asked for when the event has two-factor login on. */
export interface SecondFactor {
  isRequired(event: EventInfo): boolean;
  verify(input: { eventId: number; userId: number; pinId: string | undefined; pin: string | undefined }): Promise<void>;
}

/** Sign-ups whose address is not proven: the password chosen at sign-up waits there (docs/registration.md). */
export interface UnprovenSignups {
  find(userId: number): Promise<{ passwordHash: string | null } | undefined>;
  /** The address is proven by something mailed that is not the sign-up's own link: its password and phone go. */
  confirm(userId: number, linkHash: null): Promise<void>;
}

/** One-time login links: the user a live link belongs to (the link is then spent). */
export interface LoginLinks {
  consume(eventId: number, token: string, browserSecret?: string): Promise<number>;
}

interface Dependencies {
  users: Pick<UserService, 'findByEmail' | 'setHidden'>;
  tokens: TokenService;
  /**
   * Failed logins (docs/security.md): growing delays per (account, address) pair, and looser
   * ones per account and per address, so a stranger can neither lock the owner out nor a venue.
   * An address the account logged in from lately (`known`) skips the per-account limit: guesses
   * spread over many addresses cannot slow the owner down at home.
   */
  limits: { pair: Limiter; account: Limiter; address: Limiter; known?: Marks };
  pendingPasswords?: PendingPasswords;
  secondFactor?: SecondFactor;
  links?: LoginLinks;
  signups?: UnprovenSignups;
}

// Verifying against a real hash when the account does not exist keeps the answer time the
// same, so timing does not tell whether an e-mail is registered.
let decoyHash: Promise<string> | undefined;

/** Whether the pin is right; a wrong one still counts against the pin (SecondFactor.verify does). */
async function pinAccepted(secondFactor: SecondFactor, eventId: number, userId: number | undefined, pinId: string | undefined, pin: string | undefined): Promise<boolean> {
  try {
    await secondFactor.verify({ eventId, userId: userId ?? 0, pinId, pin });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** Whether `password` is the one chosen at a sign-up whose address is not proven yet. */
async function isUnprovenSignupPassword(signups: UnprovenSignups | undefined, userId: number, password: string): Promise<boolean> {
  const signup = await signups?.find(userId);
  return Boolean(signup?.passwordHash && (await verifyPassword(password, signup.passwordHash)));
}

export function createLoginService({ users, tokens, limits, pendingPasswords, secondFactor, links, signups }: Dependencies) {
  return {
    async passwordLogin({ event, username, password, visible, address, pinId, pin }: PasswordLogin): Promise<TokenResponse> {
      if (!event.isActive) throw new DomainError('event.closed', 'This event is closed');
      const email = username.trim().toLowerCase();
      const accountKey = `${event.eventId}:${email}`;
      const pairKey = `${accountKey}|${address}`;
      const isKnown = (await limits.known?.has(pairKey)) ?? false;
      const wait = await longestWait(isKnown
        ? [[limits.pair, pairKey], [limits.address, address]]
        : [[limits.pair, pairKey], [limits.account, accountKey], [limits.address, address]]);
      if (wait > 0) throw new DomainError('auth.rate_limited', 'Too many attempts. Try again later.', { retryAfter: wait });

      // Asked before the password is checked, so a missing pin never confirms a right password.
      if (secondFactor?.isRequired(event) && (!pinId || !pin)) {
        throw new DomainError('auth.pin_required', 'Enter the code we sent by SMS', { field: pinId ? 'pin' : 'pinId' });
      }
      const user = await users.findByEmail(event.eventId, email);
      decoyHash ??= hashPassword('decoy-password-never-used');
      const isValid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
      const pending = user && !isValid ? await pendingPasswords?.find(user.id) : undefined;
      const isPending = pending !== undefined && (await verifyPassword(password, pending));
      const isPasswordRight = Boolean(user && ((user.passwordHash && isValid) || isPending));
      // The pin is checked whatever the password was, and any failure gets the one answer: a
      // wrong pin must not confirm a right password (nor a right pin a wrong one).
      const isPinRight = !secondFactor?.isRequired(event) || (await pinAccepted(secondFactor, event.eventId, user?.id, pinId, pin));
      if (user && !isPasswordRight && (await isUnprovenSignupPassword(signups, user.id, password))) {
        // Only who knows the sign-up's password learns this; it logs nobody in until the mailed link is used.
        throw new DomainError('auth.unconfirmed', 'Confirm your e-mail address first: open the link we sent you', { field: 'username' });
      }
      if (!user || !isPasswordRight || !isPinRight) {
        await Promise.all([limits.pair.fail(pairKey), limits.account.fail(accountKey), limits.address.fail(address)]);
        throw new DomainError('auth.invalid_grant', 'Username or password is wrong');
      }
      const userId = user.id;
      await Promise.all([limits.pair.reset(pairKey), limits.account.reset(accountKey), limits.known?.mark(pairKey)]);
      if (isPending && pending) {
        // The recovery password came by mail: the address is proven, and a sign-up's password set by
        // whoever typed it goes first. A recovered password ends every other session too.
        await signups?.confirm(userId, null);
        await pendingPasswords!.promote(event.eventId, userId, pending);
        await tokens.revokeAll(event.eventId, userId);
      }
      if (visible !== undefined) await users.setHidden(event.eventId, userId, !visible);
      return tokens.issue({ eventId: event.eventId, userId });
    },

    /** docs/product.md §7 passwordless grant: a one-time link token instead of a password. */
    async otpLogin({ event, token, visible, browserSecret }: { event: EventInfo; token: string; visible?: boolean | undefined; browserSecret?: string | undefined }): Promise<TokenResponse> {
      if (!event.isActive) throw new DomainError('event.closed', 'This event is closed');
      if (!links) throw new DomainError('auth.invalid_grant', 'Passwordless login is not available');
      const userId = await links.consume(event.eventId, token, browserSecret);
      if (visible !== undefined) await users.setHidden(event.eventId, userId, !visible);
      return tokens.issue({ eventId: event.eventId, userId });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
