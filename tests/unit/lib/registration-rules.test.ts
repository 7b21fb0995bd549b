import { describe, expect, it } from 'vitest';
import { firstErrorField, registrationErrors, toRegistrationDraft } from '~/lib/registration-rules';

const valid = {
  firstName: 'Kari', lastName: 'Nordmann', email: 'kari@example.org', company: 'Fjord AS', jobTitle: 'CTO', phone: '',
  loginMethod: 'password', password: 'long enough', acceptTerms: '1', visibility: 'visible',
};

describe('sign-up form rules (docs/product.md §5 messages)', () => {
  it('accepts a complete form, the phone being optional', () => {
    expect(registrationErrors(toRegistrationDraft(valid), { hasTerms: true })).toEqual({});
  });

  it('names each broken field with its message key, in form order', () => {
    const errors = registrationErrors(toRegistrationDraft({ ...valid, firstName: ' ', email: 'x@', phone: 'abc', password: 'short', acceptTerms: '' }), { hasTerms: true });
    expect(errors).toEqual({ firstName: 'firstNameRequired', email: 'emailInvalid', phone: 'phoneInvalid', password: 'passwordTooShort', acceptTerms: 'termsRequired' });
    expect(firstErrorField(errors)).toBe('firstName');
  });

  it('needs no password for a login link and no acceptance without terms', () => {
    const draft = toRegistrationDraft({ ...valid, loginMethod: 'link', password: '', acceptTerms: undefined });
    expect(registrationErrors(draft, { hasTerms: false })).toEqual({});
  });

  it('reads form checkboxes and JSON booleans alike and falls back to safe choices', () => {
    expect(toRegistrationDraft({ acceptTerms: 'on' }).acceptTerms).toBe(true);
    expect(toRegistrationDraft({ acceptTerms: true }).acceptTerms).toBe(true);
    expect(toRegistrationDraft({ loginMethod: 'magic', visibility: 'public' })).toMatchObject({ loginMethod: 'password', visibility: 'visible' });
    expect(toRegistrationDraft({ firstName: 42 }).firstName).toBe('42');
    expect(toRegistrationDraft({ firstName: { evil: true } }).firstName).toBe('');
  });

  it('refuses over-long values', () => {
    expect(registrationErrors(toRegistrationDraft({ ...valid, company: 'x'.repeat(201) }), { hasTerms: false })).toEqual({ company: 'tooLong' });
  });
});
