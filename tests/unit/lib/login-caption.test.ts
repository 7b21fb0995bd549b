import { describe, expect, it } from 'vitest';
import { captionWithoutEventName } from '~/lib/login-caption';

describe('captionWithoutEventName', () => {
  it('drops a first heading or paragraph that only repeats the event name', () => {
    expect(captionWithoutEventName('<h1>Northern Lights Summit</h1><p>Two days.</p>', 'Northern Lights Summit')).toBe('<p>Two days.</p>');
    expect(captionWithoutEventName(' <p class="x"><strong>Rock &amp; Roll  Days</strong></p><p>Hi</p>', 'Rock & Roll Days')).toBe('<p>Hi</p>');
    expect(captionWithoutEventName('Northern Lights Summit<p>Two days.</p>', 'Northern Lights Summit')).toBe('<p>Two days.</p>');
  });

  it('keeps a caption whose first block says more than the name, or names it later', () => {
    const html = '<p>Welcome to Northern Lights Summit</p>';
    expect(captionWithoutEventName(html, 'Northern Lights Summit')).toBe(html);
    expect(captionWithoutEventName('<p>Two days.</p><h2>Northern Lights Summit</h2>', 'Northern Lights Summit')).toBe('<p>Two days.</p><h2>Northern Lights Summit</h2>');
    expect(captionWithoutEventName('Welcome!<p>Two days.</p>', 'Northern Lights Summit')).toBe('Welcome!<p>Two days.</p>');
  });
});
