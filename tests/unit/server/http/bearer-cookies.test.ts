import { describe, expect, it } from 'vitest';
import { escapeHtml, unescapeHtml } from '~/lib/html-text';
import { sessionTokenOf } from '~/server/http/member-answers';
import { sessionCookieOf } from '~/server/http/session-cookie';
import { bearerToken } from '~/server/shared/bearer';

describe('one reader of each credential', () => {
  it('reads a Bearer token in any case of the scheme, and nothing from another scheme, a bare word or a token with spaces', () => {
    expect(bearerToken('Bearer abc.DEF-1')).toBe('abc.DEF-1');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    for (const header of [null, undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearerabc', 'Bearer a b']) expect(bearerToken(header), String(header)).toBeUndefined();
  });

  it('reads the session cookie among others and never throws on malformed percent-encoding', () => {
    expect(sessionCookieOf('a=1; ep_session=tok%2Den; b=2')).toBe('tok-en');
    expect(sessionCookieOf('ep_session=%E0%A4%A')).toBe('%E0%A4%A');
    expect(sessionCookieOf('ep_session=')).toBeUndefined();
    expect(sessionCookieOf(undefined)).toBeUndefined();
    expect(sessionTokenOf({ headers: { authorization: 'Bearer xyz', cookie: 'ep_session=abc' } })).toBe('xyz');
    expect(sessionTokenOf({ headers: { cookie: 'ep_session=abc' } })).toBe('abc');
  });

  it('escapes text for HTML and reads it back in one pass', () => {
    const text = `<a href="x">Tom & 'Jerry'</a>`;
    expect(escapeHtml(text)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
  });
});
