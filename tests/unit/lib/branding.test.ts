import { describe, expect, it } from 'vitest';
import { brandingContrastIssues, brandingCss, readableButtonsCss } from '~/lib/branding';

describe('brandingCss', () => {
  it('turns branding into custom properties on :root', () => {
    expect(brandingCss({ navbarColor: '#112233', primaryButtonColor: 'rgb(10, 20, 30)' }))
      .toBe(':root:root{--brand-navbar:#112233;--brand-primary:rgb(10, 20, 30)}');
  });

  it('wraps the background image in url()', () => {
    expect(brandingCss({ liveBackgroundImage: '/demo/stage.webp' })).toBe(':root:root{--brand-background-image:url("/demo/stage.webp")}');
  });

  it('drops values that could break out of the style element', () => {
    const css = brandingCss({
      navbarColor: 'red;}</style><script>alert(1)</script>',
      liveBackgroundImage: 'javascript:alert(1)',
      darkTextColor: 'expression(alert(1))',
    });
    expect(css).toBe('');
  });

  it('renders nothing for an event without branding', () => {
    expect(brandingCss({})).toBe('');
  });
});

describe('brandingContrastIssues and readableButtonsCss', () => {
  it('names each text/background pair under 4.5:1 and leaves readable ones out', () => {
    const issues = brandingContrastIssues({ primaryButtonColor: '#ffff00', primaryButtonTextColor: '#ffffff', navbarColor: '#ffffff', darkTextColor: '#1d2330' });
    expect(issues.map((i) => [i.pair, i.ratio])).toEqual([['primaryButtonText/primaryButton', 1.07]]);
  });

  it('swaps an unreadable button text for black or white, and writes nothing when every button reads well', () => {
    expect(readableButtonsCss({ primaryButtonColor: '#ffff00', primaryButtonTextColor: '#ffffff', secondaryButtonColor: '#0b2545', secondaryButtonTextColor: '#101010' }))
      .toBe(':root:root:root{--brand-primary-text:#000000;--brand-secondary-text:#ffffff}');
    expect(readableButtonsCss({ primaryButtonColor: '#1f4fd1', primaryButtonTextColor: '#ffffff' })).toBe('');
  });
});
