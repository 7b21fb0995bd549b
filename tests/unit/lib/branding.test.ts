import { describe, expect, it } from 'vitest';
import { brandingCss } from '~/lib/branding';

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
