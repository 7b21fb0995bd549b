import { describe, expect, it } from 'vitest';
import { personalise } from '~/server/content/personalise';

describe('info page personalisation', () => {
  it('fills placeholders with escaped values and drops unknown ones', () => {
    expect(personalise('<p>Hi {{Firstname}} {{ Missing }}</p>', { Firstname: '<i>Ann</i>' })).toBe('<p>Hi &lt;i&gt;Ann&lt;/i&gt; </p>');
  });
});
