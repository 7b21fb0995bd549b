import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/lib/i18n';
import { createT } from '~/lib/translate';

describe('island texts', () => {
  it('looks up dotted keys and fills {{values}} like i18next', () => {
    const t = createT({ login: { tooManyAttempts: 'Try again in {{minutes}} min.' } });
    expect(t('login.tooManyAttempts', { minutes: 3 })).toBe('Try again in 3 min.');
    expect(t('login.missing')).toBe('login.missing');
  });
  it('picks the _one or _other text by count, as i18next does', () => {
    for (const locale of ['en', 'nb'] as const) {
      const t = createT(messagesFor(locale, ['polls']));
      expect(t('polls.votes', { count: 1 })).toMatch(/^1 \p{L}+$/u);
      expect(t('polls.votes', { count: 1 })).not.toBe(t('polls.votes', { count: 2 }).replace('2', '1'));
      expect(t('polls.votes', { count: 0 })).toBe(t('polls.votes', { count: 2 }).replace('2', '0'));
    }
    expect(createT({ a: { n_one: 'one', n_other: '{{count}} more' } })('a.n', { count: 3 })).toBe('3 more');
    expect(createT({ a: { n_one: 'one' } })('a.n')).toBe('a.n');
  });
  it('gives an island only the sections it asks for, in the event language', () => {
    const messages = messagesFor('nb', ['terms']);
    expect(Object.keys(messages)).toEqual(['terms']);
    expect(createT(messages)('terms.decline')).toBe('Avslå');
  });
});
