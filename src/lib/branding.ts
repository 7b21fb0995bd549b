import type { Branding, BrandingKey } from '~/contracts/event-settings';

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;
const SAFE_URL = /^(\/[^"'()\\\s]*|https?:\/\/[^"'()\\\s]+)$/;

/** A CSS colour when the value is a plain one (hex, rgb(a) or a name), else null. */
export function safeColour(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && COLOUR.test(trimmed) ? trimmed : null;
}

/** CSS custom property each branding setting feeds (docs/product.md §3, Branding). */
const PROPERTY: Record<BrandingKey, string> = {
  liveBackgroundImage: '--brand-background-image',
  liveBackgroundColor: '--brand-background',
  navbarColor: '--brand-navbar',
  oddSectionColor: '--brand-section-odd',
  evenSectionColor: '--brand-section-even',
  darkTextColor: '--brand-text-dark',
  primaryButtonColor: '--brand-primary',
  primaryButtonTextColor: '--brand-primary-text',
  secondaryButtonColor: '--brand-secondary',
  secondaryButtonTextColor: '--brand-secondary-text',
  loginBackgroundColor: '--brand-login-background',
  loginTextColor: '--brand-login-text',
  lobbyTextColor: '--brand-lobby-text',
};

/**
 * The event's branding as a `:root` rule. Values are checked again here (not only at import)
 * because this string goes into a <style> element: anything not a plain colour or URL is dropped.
 */
export function brandingCss(branding: Branding): string {
  const declarations: string[] = [];
  for (const [key, property] of Object.entries(PROPERTY) as [BrandingKey, string][]) {
    const value = branding[key]?.trim();
    if (!value) continue;
    if (key === 'liveBackgroundImage') {
      if (SAFE_URL.test(value)) declarations.push(`${property}:url("${value}")`);
    } else if (COLOUR.test(value)) {
      declarations.push(`${property}:${value}`);
    }
  }
  // `:root:root` outranks base.css's `:root` defaults, which Astro emits later in <head>.
  return declarations.length > 0 ? `:root:root{${declarations.join(';')}}` : '';
}
