import { isEmail, isProfilePhone } from '~/lib/form-rules';

/** The sign-up form: the same rules on the screen, in the no-JS post and in the API. */
export interface RegistrationDraft {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  jobTitle: string;
  phone: string;
  /** 'password' sets one now; 'link' logs in by e-mailed links only. */
  loginMethod: 'password' | 'link';
  password: string;
  acceptTerms: boolean;
  visibility: 'visible' | 'hidden';
}

export type RegistrationField = keyof RegistrationDraft;

export type RegistrationErrorKey =
  | 'firstNameRequired' | 'lastNameRequired' | 'emailInvalid' | 'companyRequired' | 'jobTitleRequired'
  | 'phoneInvalid' | 'passwordTooShort' | 'termsRequired' | 'tooLong';

export type RegistrationErrors = Partial<Record<RegistrationField, RegistrationErrorKey>>;

export const PASSWORD_MIN_LENGTH = 8;
const MAX_LENGTH: Partial<Record<RegistrationField, number>> = {
  firstName: 100, lastName: 100, email: 320, company: 200, jobTitle: 200, phone: 40, password: 200,
};

/** Field order: the first error named in a 400 is the first field on the form. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'firstName', 'lastName', 'email', 'company', 'jobTitle', 'phone', 'loginMethod', 'password', 'acceptTerms', 'visibility',
];

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const isOn = (value: unknown): boolean => value === true || ['1', 'on', 'true', 'yes'].includes(text(value).toLowerCase());

/** A draft from form fields or JSON; unknown values fall back to the safe choice. */
export function toRegistrationDraft(fields: Record<string, unknown>): RegistrationDraft {
  return {
    firstName: text(fields['firstName']).trim(),
    lastName: text(fields['lastName']).trim(),
    email: text(fields['email']).trim(),
    company: text(fields['company']).trim(),
    jobTitle: text(fields['jobTitle']).trim(),
    phone: text(fields['phone']).trim(),
    loginMethod: text(fields['loginMethod']) === 'link' ? 'link' : 'password',
    password: text(fields['password']),
    acceptTerms: isOn(fields['acceptTerms']),
    visibility: text(fields['visibility']) === 'hidden' ? 'hidden' : 'visible',
  };
}

/** docs/product.md §5 messages where they apply (names, e-mail, phone); terms only when the event has them. */
export function registrationErrors(draft: RegistrationDraft, { hasTerms }: { hasTerms: boolean }): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!draft.firstName) errors.firstName = 'firstNameRequired';
  if (!draft.lastName) errors.lastName = 'lastNameRequired';
  if (!isEmail(draft.email)) errors.email = 'emailInvalid';
  if (!draft.company) errors.company = 'companyRequired';
  if (!draft.jobTitle) errors.jobTitle = 'jobTitleRequired';
  if (!isProfilePhone(draft.phone)) errors.phone = 'phoneInvalid';
  if (draft.loginMethod === 'password' && draft.password.length < PASSWORD_MIN_LENGTH) errors.password = 'passwordTooShort';
  if (hasTerms && !draft.acceptTerms) errors.acceptTerms = 'termsRequired';
  for (const [field, max] of Object.entries(MAX_LENGTH) as [RegistrationField, number][]) {
    const value = draft[field];
    if (!errors[field] && typeof value === 'string' && value.length > max) errors[field] = 'tooLong';
  }
  return errors;
}

/** The first field with an error, in form order. */
export function firstErrorField(errors: RegistrationErrors): RegistrationField | undefined {
  return REGISTRATION_FIELDS.find((field) => errors[field] !== undefined);
}
