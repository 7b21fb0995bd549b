import { describe, expect, it } from 'vitest';
import { cleanMessage, isoTime } from '~/server/timeline/timeline-view';

describe('cleanMessage: post text escaped at write', () => {
  it('escapes markup, keeps line breaks, drops control characters and trims', () => {
    expect(cleanMessage('  <img src=x onerror=alert(1)>\r\nline two\u0007 & "q" \'s\'  ')).toBe('&lt;img src=x onerror=alert(1)&gt;\nline two &amp; &quot;q&quot; &#39;s&#39;');
  });
});

describe('isoTime: a stored time as ISO-8601 UTC', () => {
  it('keeps a time stored as toISOString writes it and rewrites any other form of the same moment', () => {
    expect(isoTime('2026-06-02T08:00:00.000Z')).toBe('2026-06-02T08:00:00.000Z');
    expect(isoTime('2026-06-02T10:00:00+02:00')).toBe('2026-06-02T08:00:00.000Z');
    expect(isoTime('2026-06-02 08:00:00.5Z')).toBe('2026-06-02T08:00:00.500Z');
  });
});
