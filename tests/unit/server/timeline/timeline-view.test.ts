import { describe, expect, it } from 'vitest';
import { cleanMessage } from '~/server/timeline/timeline-view';

describe('cleanMessage: post text escaped at write', () => {
  it('escapes markup, keeps line breaks, drops control characters and trims', () => {
    expect(cleanMessage('  <img src=x onerror=alert(1)>\r\nline two\u0007 & "q" \'s\'  ')).toBe('&lt;img src=x onerror=alert(1)&gt;\nline two &amp; &quot;q&quot; &#39;s&#39;');
  });
});
