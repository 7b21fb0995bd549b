import { describe, expect, it } from 'vitest';
import { contactLinkType, inferContactLinkType, toContactLinks } from '~/lib/contact-links';

describe('contact link type inference', () => {
  it.each([
    ['https://www.linkedin.com/in/someone', 'Linkedin'],
    ['https://no.linkedin.com/in/someone', 'Linkedin'],
    ['https://twitter.com/someone', 'Twitter'],
    ['https://x.com/someone', 'Twitter'],
    ['https://www.facebook.com/someone', 'Facebook'],
    ['https://instagram.com/someone', 'Instagram'],
    ['https://www.youtube.com/watch?v=1', 'Youtube'],
    ['https://vimeo.com/1', 'Vimeo'],
    ['https://www.slideshare.net/deck', 'Slideshare'],
    ['https://www.snapchat.com/add/someone', 'Snapchat'],
    ['skype:someone?call', 'Skype'],
    ['mailto:a@example.org', 'Email'],
    ['tel:+4712345678', 'Phone'],
    ['https://example.org', 'Web'],
    ['https://notlinkedin.com/x', 'Web'],
    ['https://linkedin.com.evil.test/x', 'Web'],
    ['not a url', 'Web'],
  ])('%s is %s', (url, type) => {
    expect(inferContactLinkType(url)).toBe(type);
  });

  it('keeps a known stored type and infers when it is absent or unknown', () => {
    expect(contactLinkType('twitter', 'https://example.org')).toBe('Twitter');
    expect(contactLinkType(undefined, 'https://x.com/a')).toBe('Twitter');
    expect(contactLinkType('Myspace', 'https://example.org')).toBe('Web');
  });

  it('drops links with unsafe schemes', () => {
    expect(toContactLinks([{ url: 'javascript:alert(1)' }, { url: 'https://vimeo.com/1' }]))
      .toEqual([{ type: 'Vimeo', url: 'https://vimeo.com/1' }]);
  });
});
