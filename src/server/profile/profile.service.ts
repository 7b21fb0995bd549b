import { PROFILE_MESSAGES, type UpdateUserInput, type UserModuleResult } from '~/contracts/profile';
import { DomainError } from '~/server/errors';
import type { UserRecord, UserService } from '~/server/users/user.service';
import type { ProfileChanges, ProfileRepository } from './profile.repository';

interface Dependencies {
  users: Pick<UserService, 'findById'>;
  profiles: ProfileRepository;
  clock?: () => Date;
  /** Told after the user turned hidden or visible. */
  visibilityChanged?: (eventId: number, userId: number, isHidden: boolean) => Promise<void>;
  /** Told after the user's profile changed (pages kept with it drop it). */
  profileChanged?: (eventId: number, userId: number) => Promise<void>;
}

const invalid = (field: string, message: string) => new DomainError('request.invalid', message, { field });
const PHONE = /^[\d\s+]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional text: trimmed, empty becomes null, longer than `max` is refused. */
function optionalText(input: UpdateUserInput, field: keyof UpdateUserInput, max: number): string | null | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (value !== null && typeof value !== 'string') throw invalid(field, `${field} must be text`);
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > max) throw invalid(field, `${field} is too long`);
  return trimmed === '' ? null : trimmed;
}

function requiredName(input: UpdateUserInput, field: 'Firstname' | 'Lastname', message: string): string {
  const value = input[field];
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '') throw invalid(field, message);
  if (trimmed.length > 200) throw invalid(field, `${field} is too long`);
  return trimmed;
}

/** docs/product.md §5 profile rules, checked on the server with the same messages as the screen. */
export function validateUpdate(input: UpdateUserInput, current: Pick<UserRecord, 'email' | 'phone'>): ProfileChanges {
  const changes: ProfileChanges = {
    first_name: requiredName(input, 'Firstname', PROFILE_MESSAGES.firstNameRequired),
    last_name: requiredName(input, 'Lastname', PROFILE_MESSAGES.lastNameRequired),
  };
  const about2 = optionalText(input, 'About2', 4000);
  if (about2 !== undefined && about2 !== null && about2.length < 4) throw invalid('About2', PROFILE_MESSAGES.descriptionTooShort);
  if (about2 !== undefined) changes.about2 = about2;
  const company = optionalText(input, 'Company', 200);
  if (company !== undefined) changes.company = company;
  const jobTitle = optionalText(input, 'Jobtitle', 200);
  if (jobTitle !== undefined) changes.job_title = jobTitle;
  const address = optionalText(input, 'Address1', 400);
  if (address !== undefined) changes.address1 = address;

  // E-mail and phone are read-only (docs/product.md §5): they identify the account for login and recovery,
  // so a stolen session must not be able to redirect them. Repeating the current value is fine.
  const email = optionalText(input, 'Email', 320);
  if (email !== undefined && email !== null && !EMAIL.test(email)) throw invalid('Email', PROFILE_MESSAGES.emailInvalid);
  if (email !== undefined && (email ?? '').toLowerCase() !== current.email.toLowerCase()) {
    throw new DomainError('profile.closed', 'E-mail cannot be changed', { field: 'Email' });
  }
  const phone = optionalText(input, 'Phone', 40);
  if (phone !== undefined && phone !== null && !PHONE.test(phone)) throw invalid('Phone', PROFILE_MESSAGES.phoneInvalid);
  if (phone !== undefined && (phone ?? '').replace(/\s/g, '') !== (current.phone ?? '').replace(/\s/g, '')) {
    throw new DomainError('profile.closed', 'Phone number cannot be changed', { field: 'Phone' });
  }
  return changes;
}

export function createProfileService({ users, profiles, clock = () => new Date(), visibilityChanged, profileChanged }: Dependencies) {
  async function load(eventId: number, userId: number): Promise<UserRecord> {
    const user = await users.findById(eventId, userId);
    if (!user) throw new DomainError('auth.unauthorized', 'Log in again');
    return user;
  }

  async function userInfo(eventId: number, userId: number): Promise<UserModuleResult> {
    const user = await load(eventId, userId);
    const [{ registration, terms }, groups] = await Promise.all([profiles.ownState(eventId, userId), profiles.groups(eventId, userId)]);
    const accepted = !terms.current?.trim() || terms.lastAccepted === terms.current;
    return {
      UserID: user.id, Firstname: user.firstName, Lastname: user.lastName,
      About2: user.about2, About: user.about, Cell: user.phone, Phone: user.phone, Email: user.email,
      Company: user.company, Jobtitle: user.jobTitle, Title: user.title, Address1: user.address1, Picture: user.picture,
      Hidden: user.isHidden ? '1' : '0',
      Linkedin: user.linkedin, Facebook: user.facebook, Instagram: user.instagram, Twitter: user.twitter,
      CalculatedFields: user.calculatedFields,
      TicketQrCode: registration?.ticketCode ?? null, TicketKey: registration?.ticketKey ?? null, RegistrationID: registration?.id ?? null,
      groups, termsAccepted: accepted, isOrganiser: user.isOrganiser,
    };
  }

  return {
    userInfo,

    async update(eventId: number, userId: number, input: UpdateUserInput): Promise<UserModuleResult> {
      const changes = validateUpdate(input, await load(eventId, userId));
      await profiles.update(eventId, userId, changes);
      await profileChanged?.(eventId, userId);
      return userInfo(eventId, userId);
    },

    async toggleVisibility(eventId: number, userId: number): Promise<'0' | '1'> {
      const isHidden = await profiles.toggleHidden(eventId, userId);
      await visibilityChanged?.(eventId, userId, isHidden);
      return isHidden ? '1' : '0';
    },

    async termsText(eventId: number): Promise<string> {
      return (await profiles.termsText(eventId)) ?? '';
    },

    /** Stores what the user accepted and when; accepting outdated terms is a 409. */
    async acceptTerms(eventId: number, userId: number, termsText: string): Promise<{ accepted: true; acceptedAt: string }> {
      const current = (await profiles.termsText(eventId)) ?? '';
      if (termsText !== current) throw new DomainError('terms.conflict', 'The terms have changed; read them again', { field: 'termsText' });
      const acceptedAt = clock().toISOString();
      await profiles.acceptTerms(eventId, userId, termsText, acceptedAt);
      return { accepted: true, acceptedAt };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
