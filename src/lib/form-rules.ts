/** Validation rules of docs/product.md §5 for login and profile forms, shared by islands and the server. */

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PIN_MIN_LENGTH = 6;
export const SMS_PHONE_MIN_LENGTH = 6;
export const ABOUT_MIN_LENGTH = 4;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** docs/product.md §5 profile phone: digits, spaces and plus only. Empty is allowed (the field is optional). */
export function isProfilePhone(value: string): boolean {
  return /^[\d +]*$/.test(value);
}

/** docs/product.md §5 recovery by SMS: the number without whitespace is longer than 5 characters. */
export function isSmsPhone(value: string): boolean {
  return value.replace(/\s/g, '').length >= SMS_PHONE_MIN_LENGTH;
}

/** docs/product.md §5 two-factor pin: at least 6 characters, digits only. */
export function isPin(value: string): boolean {
  return value.length >= PIN_MIN_LENGTH && /^\d+$/.test(value);
}

export interface ProfileDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  about: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, 'firstNameRequired' | 'lastNameRequired' | 'emailInvalid' | 'phoneInvalid' | 'aboutTooShort'>>;

/** docs/product.md §5 profile edit. The about text may stay empty; once written it needs 4 characters. */
export function profileErrors(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!draft.firstName.trim()) errors.firstName = 'firstNameRequired';
  if (!draft.lastName.trim()) errors.lastName = 'lastNameRequired';
  if (draft.email && !isEmail(draft.email)) errors.email = 'emailInvalid';
  if (!isProfilePhone(draft.phone)) errors.phone = 'phoneInvalid';
  const about = draft.about.trim();
  if (about.length > 0 && about.length < ABOUT_MIN_LENGTH) errors.about = 'aboutTooShort';
  return errors;
}
