import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/lib/i18n';
import { createT } from '~/lib/translate';

describe('island texts', () => {
  it('looks up dotted keys and fills {{values}} like i18next', () => {
    const t = createT({ login: { tooManyAttempts: 'Try again in {{minutes}} min.' } });
    expect(t('login.tooManyAttempts', { minutes: 3 })).toBe('Try again in 3 min.');
    expect(t('login.missing')).toBe('login.missing');
  });
  it('gives an island only the sections it asks for, in the event language', () => {
    const messages = messagesFor('nb', ['terms']);
    expect(Object.keys(messages)).toEqual(['terms']);
    expect(createT(messages)('terms.decline')).toBe('Avslå');
  });
});
