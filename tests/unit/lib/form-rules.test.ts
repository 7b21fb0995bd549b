import { describe, expect, it } from 'vitest';
import { isPin, isSmsPhone, profileErrors } from '~/lib/form-rules';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '+47 412 34 567', about: '' };

describe('identity validation (docs/product.md §5)', () => {
  it('accepts a pin of at least 6 digits only', () => {
    expect(isPin('123456')).toBe(true);
    expect(isPin('12345')).toBe(false);
    expect(isPin('12345a')).toBe(false);
  });
  it('needs an SMS number longer than 5 characters without whitespace', () => {
    expect(isSmsPhone('123 456')).toBe(true);
    expect(isSmsPhone('12 3 45')).toBe(false);
  });
  it('names each broken profile field with its message key (docs/product.md §5)', () => {
    expect(profileErrors(valid)).toEqual({});
    expect(profileErrors({ ...valid, firstName: ' ', lastName: '', email: 'nope', phone: '12-34', about: 'abc' })).toEqual({
      firstName: 'firstNameRequired', lastName: 'lastNameRequired', email: 'emailInvalid', phone: 'phoneInvalid', about: 'aboutTooShort',
    });
  });
});
