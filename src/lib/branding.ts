import type { Branding, BrandingKey } from '~/contracts/event-settings';
import { contrastIssues, readableTextColour, type ContrastIssue } from './contrast';

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

/** The event's text/background pairs under WCAG 4.5:1: what the lobby warns of and the console shows before saving. */
export function brandingContrastIssues(b: Branding): ContrastIssue[] {
  return contrastIssues({
    'darkText/oddSection': [b.darkTextColor, b.oddSectionColor],
    'darkText/evenSection': [b.darkTextColor, b.evenSectionColor],
    'darkText/navbar': [b.darkTextColor, b.navbarColor],
    'lobbyText/background': [b.lobbyTextColor, b.liveBackgroundColor],
    'primaryButtonText/primaryButton': [b.primaryButtonTextColor, b.primaryButtonColor],
    'secondaryButtonText/secondaryButton': [b.secondaryButtonTextColor, b.secondaryButtonColor],
    'loginText/loginBackground': [b.loginTextColor, b.loginBackgroundColor],
  });
}

/** CSS that swaps an unreadable button text colour for black or white, whichever reads better ('' when none needs it). */
export function readableButtonsCss(b: Branding): string {
  const overrides: string[] = [];
  if (b.primaryButtonColor && b.primaryButtonTextColor) {
    const text = readableTextColour(b.primaryButtonTextColor, b.primaryButtonColor);
    if (text !== b.primaryButtonTextColor) overrides.push(`--brand-primary-text:${text}`);
  }
  if (b.secondaryButtonColor && b.secondaryButtonTextColor) {
    const text = readableTextColour(b.secondaryButtonTextColor, b.secondaryButtonColor);
    if (text !== b.secondaryButtonTextColor) overrides.push(`--brand-secondary-text:${text}`);
  }
  return overrides.length > 0 ? `:root:root:root{${overrides.join(';')}}` : '';
}
