import { describe, expect, it } from 'vitest';
import { sanitizeOptional, sanitizeRichText } from '~/server/shared/sanitize-html';

describe('sanitizeRichText', () => {
  it('keeps basic formatting', () => {
    expect(sanitizeRichText('<p>Hi <strong>there</strong> <em>you</em></p><ul><li>a</li></ul>'))
      .toBe('<p>Hi <strong>there</strong> <em>you</em></p><ul><li>a</li></ul>');
  });

  it('removes script elements and their content', () => {
    expect(sanitizeRichText('<p>ok</p><script>alert(1)</script>')).toBe('<p>ok</p>');
  });

  it('removes event handler attributes such as onerror', () => {
    const out = sanitizeRichText('<img src="https://x.test/a.png" onerror="alert(1)"><p onclick="x()">t</p>');
    expect(out).not.toMatch(/onerror|onclick/i);
    expect(out).toContain('src="https://x.test/a.png"');
  });

  it('drops javascript: and data: link targets', () => {
    const out = sanitizeRichText('<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><img src="data:image/png;base64,AAA">');
    expect(out).not.toMatch(/javascript:|data:/i);
  });

  it('marks links rel=noopener and keeps safe schemes', () => {
    const out = sanitizeRichText('<a href="https://example.org" target="_top">x</a><a href="mailto:a@b.c">m</a>');
    expect(out).toContain('href="https://example.org"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('href="mailto:a@b.c"');
  });

  it('allows images from a path but not protocol-relative ones', () => {
    expect(sanitizeRichText('<img src="/api/asset/a.png" alt="a">')).toContain('src="/api/asset/a.png"');
    expect(sanitizeRichText('<img src="//evil.test/a.png">')).not.toContain('evil.test');
  });

  it('drops style and iframe elements', () => {
    expect(sanitizeRichText('<style>body{}</style><iframe src="https://x"></iframe><p style="color:red">t</p>')).toBe('<p>t</p>');
  });

  it('treats text with nothing left as absent', () => {
    expect(sanitizeOptional('<script>x</script>')).toBeNull();
    expect(sanitizeOptional('  ')).toBeNull();
    expect(sanitizeOptional('<p>a</p>')).toBe('<p>a</p>');
  });
});
