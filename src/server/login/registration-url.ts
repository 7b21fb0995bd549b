/**
 * REGISTRATION_URL: an external registration host; the Register button embeds
 * `{REGISTRATION_URL}/register/{eventSlug}` (docs/product.md §7). Without it the platform's own /register
 * page is linked (docs/decisions.md). Kept beside auth until config.ts gathers it.
 */
export function registrationFrameUrl(eventSlug: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const base = env['REGISTRATION_URL']?.trim().replace(/\/+$/, '');
  return base ? `${base}/register/${encodeURIComponent(eventSlug)}` : null;
}
