import { describe, expect, it } from 'vitest';
import { isPanelKind, promotedTarget } from '~/islands/timeline/promoted-link';
import { messageText, relativeTime } from '~/islands/timeline/relative-time';

describe('promotedTarget: what a Promolink opens', () => {
  it('reads promoted pages, sessions and sponsors from site links', () => {
    expect(promotedTarget('/stage?page=quiz&id=12')).toEqual({ kind: 'quiz', id: 12 });
    expect(promotedTarget('/stage?page=coded_polls')).toEqual({ kind: 'coded_polls', id: undefined });
    expect(promotedTarget('/stage?page=speaker&id=5')).toEqual({ kind: 'speaker', id: 5 });
    expect(promotedTarget('/stage?session=7')).toEqual({ kind: 'session', id: 7 });
    expect(promotedTarget('/sponsor/4')).toEqual({ kind: 'sponsor', id: 4 });
    expect(isPanelKind({ kind: 'info', id: 1 })).toBe(true);
    expect(isPanelKind({ kind: 'session', id: 1 })).toBe(false);
  });

  it('follows other links and refuses unsafe schemes', () => {
    expect(promotedTarget('https://example.org/x')).toEqual({ kind: 'link', url: 'https://example.org/x' });
    expect(promotedTarget('/stage?page=poll')).toEqual({ kind: 'link', url: '/stage?page=poll' });
    expect(promotedTarget('javascript:alert(1)')).toBeNull();
    expect(promotedTarget(null)).toBeNull();
  });
});

describe('relative times and message text', () => {
  const now = Date.parse('2025-06-02T12:00:00Z');
  it('says just now, then minutes, hours and days in the locale', () => {
    expect(relativeTime('2025-06-02T11:59:30Z', now, 'en', 'just now', 'Europe/Oslo')).toBe('just now');
    expect(relativeTime('2025-06-02T11:55:00Z', now, 'en', 'just now', 'Europe/Oslo')).toBe('5 minutes ago');
    expect(relativeTime('2025-06-02T09:00:00Z', now, 'nb', 'akkurat nå', 'Europe/Oslo')).toBe('for 3 timer siden');
    expect(relativeTime('2025-06-01T11:00:00Z', now, 'en', 'just now', 'Europe/Oslo')).toBe('yesterday');
  });
  it('turns the escaped Message back into its text', () => {
    expect(messageText('a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;')).toBe('a <b> & "c" \'d\'');
  });
});
