import { CONTACT_LINK_TYPES, type ContactLink, type ContactLinkType } from '~/contracts/contact-links';

// Host suffix → type; a suffix matches the host itself or any subdomain of it.
const BY_HOST: [string, ContactLinkType][] = [
  ['linkedin.com', 'Linkedin'], ['twitter.com', 'Twitter'], ['x.com', 'Twitter'], ['facebook.com', 'Facebook'],
  ['fb.com', 'Facebook'], ['instagram.com', 'Instagram'], ['youtube.com', 'Youtube'], ['youtu.be', 'Youtube'],
  ['vimeo.com', 'Vimeo'], ['slideshare.net', 'Slideshare'], ['snapchat.com', 'Snapchat'],
];

/** The link type a URL implies (docs/product.md §3: inferred from the host, else Web). */
export function inferContactLinkType(url: string): ContactLinkType {
  const lower = url.trim().toLowerCase();
  if (lower.startsWith('mailto:')) return 'Email';
  if (lower.startsWith('tel:')) return 'Phone';
  if (lower.startsWith('skype:')) return 'Skype';
  let host: string;
  try {
    host = new URL(lower).hostname;
  } catch {
    return 'Web';
  }
  const match = BY_HOST.find(([suffix]) => host === suffix || host.endsWith(`.${suffix}`));
  return match ? match[1] : 'Web';
}

/** A stored type when it is a known one (case-insensitively), otherwise the inferred type. */
export function contactLinkType(type: string | null | undefined, url: string): ContactLinkType {
  const known = CONTACT_LINK_TYPES.find((t) => t.toLowerCase() === type?.trim().toLowerCase());
  return known ?? inferContactLinkType(url);
}

const SAFE_SCHEME = /^(https?:|mailto:|tel:|skype:)/i;

/**
 * Links ready to render: unsafe schemes (javascript:, data:) are dropped, so a link from an
 * event file can never run script in a visitor's browser.
 */
export function toContactLinks(stored: readonly { type?: string | null; url?: unknown }[]): ContactLink[] {
  return stored
    .filter((link): link is { type?: string | null; url: string } => typeof link.url === 'string' && SAFE_SCHEME.test(link.url.trim()))
    .map((link) => ({ type: contactLinkType(link.type, link.url), url: link.url.trim() }));
}
