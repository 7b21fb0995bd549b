import type { EventInfo } from '~/contracts/event-info';
import { firstErrorField, registrationErrors, toRegistrationDraft, type RegistrationErrors } from '~/lib/registration-rules';
import type { SendMail } from '~/server/delivery/delivery.service';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import type { LoginLinkService } from '~/server/login/login-link.service';
import type { ProfileService } from '~/server/profile/profile.service';
import { hashPassword } from '~/server/shared/password';
import { take, type Limiter } from '~/server/shared/limiter';
import { newSecret, sha256 } from '~/server/shared/secrets';
import { eventCalendar, registrationMail, ticketQr, type MailEvent } from './registration-mail';
import type { Placed, RegisterOutcome, RegistrationRepository } from './registration.repository';

export interface RegistrationServiceDeps {
  repository: RegistrationRepository;
  profile: Pick<ProfileService, 'termsText'>;
  links: Pick<LoginLinkService, 'issue'>;
  sendMail: SendMail;
  /** Sign-ups per event and client address. */
  addressLimiter: Limiter;
  /** Sign-ups per event and e-mail address: nobody can flood someone's inbox with our mails. */
  emailLimiter: Limiter;
  clock?: () => Date;
  /** Told after who the participant list shows, or what it shows of them, changed (docs/presence.md). */
  participantsChanged?: (eventId: number) => Promise<void>;
}

export interface RegisterRequest {
  event: EventInfo;
  fields: Record<string, unknown>;
  /** The client's address, for the rate limit. */
  address: string;
  /** Origin of the links in the mails. */
  origin: string;
  /** The signing-up browser's `ep_signup` secret (http/signup-cookie.ts): only a proof from it keeps the password and phone. */
  browserSecret: string;
}

/** A 400 naming the first bad field; `fields` carries every error for the no-JS form. */
export class RegistrationInvalid extends DomainError {
  constructor(readonly errors: RegistrationErrors) {
    const field = firstErrorField(errors) ?? 'body';
    super('request.invalid', `${field}: ${errors[field as keyof RegistrationErrors] ?? 'invalid'}`, { field, fields: errors });
  }
}

/** 128 bits, URL-safe: the code inside the ticket's QR cannot be guessed (docs/decisions.md). */
const newTicketCode = (): string => newSecret(16);

/**
 * Self sign-up. The answer is the same whether the address is new, has an account
 * or waits already: what differs is the mail, sent after the answer, so neither the text nor
 * the time of the answer tells who has an account here.
 */
export function createRegistrationService({ repository, profile, links, sendMail, addressLimiter, emailLimiter, clock = () => new Date(), participantsChanged }: RegistrationServiceDeps) {
  async function limit(key: string, limiter: Limiter): Promise<void> {
    const wait = await take(limiter, key);
    if (wait > 0) throw new DomainError('registration.rate_limited', 'Too many sign-ups. Try again later.', { retryAfter: wait });
  }

  async function loginLink(event: MailEvent, userId: number, origin: string, confirmsSignup = false): Promise<string> {
    return `${origin}/login/otp/${await links.issue(event.eventId, userId, { confirmsSignup })}`;
  }

  // The new place's link proves the address: only through it does the sign-up's password start to work.
  async function mailPlaced(event: MailEvent, placed: Placed, origin: string, kind: 'confirmed' | 'movedUp'): Promise<void> {
    const attachments = [await ticketQr(placed.ticketKey), eventCalendar(event, origin, clock())];
    await sendMail(registrationMail(event, kind, placed.email, {
      name: placed.firstName, link: await loginLink(event, placed.userId, origin, true), ticket: placed.ticketCode,
    }, attachments));
  }

  async function mailOutcome(event: MailEvent, outcome: RegisterOutcome, origin: string, cancelToken: string): Promise<void> {
    switch (outcome.kind) {
      case 'placed': return mailPlaced(event, outcome.placed, origin, 'confirmed');
      case 'waiting': return sendMail(registrationMail(event, 'waiting', outcome.email, { name: outcome.firstName, link: `${origin}/register/cancel/${cancelToken}` }));
      case 'has-account': return sendMail(registrationMail(event, 'hasAccount', outcome.email, { name: outcome.firstName, link: await loginLink(event, outcome.userId, origin) }));
      case 'already-waiting': return sendMail(registrationMail(event, 'alreadyWaiting', outcome.email, { name: outcome.firstName }));
      case 'closed': return;
    }
  }

  // After the answer: how long SMTP takes must not tell a new address from a known one.
  function inBackground(work: Promise<void>, eventId: number): void {
    work.catch((error: unknown) => log.error('registration mail not delivered', { eventId, error: error instanceof Error ? error.message : String(error) }));
  }

  return {
    /**
     * One sign-up from the form or the API. Throws `event.closed`, `registration.closed` (422),
     * `registration.rate_limited` (429) or `RegistrationInvalid` (400); anything else is "check
     * your e-mail". A filled honeypot field is answered the same and does nothing.
     */
    async register({ event, fields, address, origin, browserSecret }: RegisterRequest): Promise<void> {
      if (!event.isActive) throw new DomainError('event.closed', 'This event is closed');
      if (!event.isRegistrationOpen) throw new DomainError('registration.closed', 'Registration is closed');
      await limit(`${event.eventId}:${address}`, addressLimiter);
      if (typeof fields['website'] === 'string' && fields['website'] !== '') {
        log.info('registration honeypot filled', { eventId: event.eventId });
        return;
      }
      const termsText = (await profile.termsText(event.eventId)) || null;
      const draft = toRegistrationDraft(fields);
      const errors = registrationErrors(draft, { hasTerms: termsText !== null });
      if (firstErrorField(errors)) throw new RegistrationInvalid(errors);
      const email = draft.email.toLowerCase();
      await limit(`${event.eventId}:${email}`, emailLimiter);

      // Hashed before the transaction (and for known addresses too: same work, same time).
      const passwordHash = draft.loginMethod === 'password' ? await hashPassword(draft.password) : null;
      const cancelToken = newSecret();
      const outcome = await repository.register(event.eventId, {
        email, firstName: draft.firstName, lastName: draft.lastName, company: draft.company, jobTitle: draft.jobTitle,
        phone: draft.phone || null, passwordHash, isHidden: draft.visibility === 'hidden', termsText, browserHash: sha256(browserSecret),
      }, { ticketCode: newTicketCode, cancelTokenHash: sha256(cancelToken), now: clock().toISOString() });
      if (outcome.kind === 'closed') throw new DomainError('registration.closed', 'Registration is closed');
      log.info('registration', { eventId: event.eventId, outcome: outcome.kind });
      if (outcome.kind === 'placed') await participantsChanged?.(event.eventId);
      inBackground(mailOutcome(event, outcome, origin, cancelToken), event.eventId);
    },

    /** Places freed (an account deleted, a waiting entry cancelled): the waiting list moves up and hears so. */
    async moveUp(event: MailEvent, origin: string): Promise<number> {
      const placed = await repository.moveUp(event.eventId, newTicketCode, clock().toISOString());
      if (placed.length > 0) await participantsChanged?.(event.eventId);
      // Awaited (not after an answer): the organiser's CLI must not exit before the mails left.
      await Promise.all(placed.map((one) => mailPlaced(event, one, origin, 'movedUp')
        .catch((error: unknown) => log.error('registration mail not delivered', { eventId: event.eventId, error: String(error) }))));
      return placed.length;
    },

    /** Whether a waiting-list cancel link is live (the page asks before it cancels). */
    isWaiting(eventId: number, token: string): Promise<boolean> {
      return repository.isWaiting(eventId, sha256(token));
    },

    /** Leaves the waiting list by the link in the waiting-list mail. */
    async cancelWaiting(event: MailEvent, token: string): Promise<void> {
      if (!(await repository.cancelWaiting(event.eventId, sha256(token)))) {
        throw new DomainError('registration.not_found', 'This link is not on the waiting list');
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
