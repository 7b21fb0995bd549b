import type { Platform } from '~/contracts/event-settings';

/**
 * Where a sponsor page was opened from, carried in its URL (`?from=lobby|stage|webapp`, and
 * `session` when the stage or web app played a session) by every link that opens one. Not the
 * Referer: the URL is the kept page's key (host and URL, docs/http-cache.md "Kept for members"),
 * so the page stays the same for every member who came the same way.
 * Anything else (an old link, a bookmark, an unknown value) is the default: back to home, the
 * digital platform.
 */
export const SPONSOR_FROM = ['lobby', 'stage', 'webapp'] as const;
export type SponsorFrom = (typeof SPONSOR_FROM)[number];

export interface SponsorOrigin {
  from: SponsorFrom | null;
  /** The session the stage or web app was playing, so the way back returns to it. */
  session: number | null;
  /** docs/product.md §2 fromStage: offer the way back to the main stream. */
  isFromStage: boolean;
}

export const NO_ORIGIN: SponsorOrigin = { from: null, session: null, isFromStage: false };

/** The origin a sponsor page's query names; unknown values are ignored. */
export function sponsorOrigin(params: URLSearchParams): SponsorOrigin {
  const raw = params.get('from');
  const from = SPONSOR_FROM.find((f) => f === raw) ?? null;
  const session = params.get('session') ?? '';
  return {
    from,
    session: (from === 'stage' || from === 'webapp') && /^\d{1,9}$/.test(session) ? Number(session) : null,
    isFromStage: params.has('fromStage'),
  };
}

/** The link to a sponsor page that remembers `origin`, in a fixed order so equal origins make equal URLs (one kept page). */
export function sponsorHref(id: number, origin: SponsorOrigin): string {
  const query = new URLSearchParams();
  if (origin.isFromStage) query.set('fromStage', '1');
  if (origin.from) query.set('from', origin.from);
  if (origin.session !== null) query.set('session', String(origin.session));
  const text = query.toString();
  return text ? `/sponsor/${id}?${text}` : `/sponsor/${id}`;
}

/**
 * The origin of a link on the page at `url` (the lobby, the stage or the web app, which may be
 * playing a session); null `from` for any other page. `isFromStage`: the link opens the sponsor
 * from the stage's sponsors or promoted items (docs/product.md §2 fromStage).
 */
export function pageOrigin(url: URL, isFromStage: boolean): SponsorOrigin {
  const path = url.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const from = path === '/' ? 'lobby' : (/^\/(stage|webapp)(?=\/|$)/.exec(path)?.[1] as SponsorFrom | undefined) ?? null;
  const session = url.searchParams.get('session') ?? '';
  return { from, session: from !== 'lobby' && from !== null && /^\d{1,9}$/.test(session) ? Number(session) : null, isFromStage };
}

/** The platform whose documents the page lists (docs/product.md §3: the web app's, else digital). */
export const originPlatform = (origin: SponsorOrigin): Platform => (origin.from === 'webapp' ? 'webApp' : 'digital');

export type BackKind = 'home' | 'lobby' | 'stage' | 'program';

/** Where the back button goes and how it is labelled (docs/product.md §2: back to home, to lobby, to stage, to the program caption). */
export function backTarget(origin: SponsorOrigin): { kind: BackKind; href: string } {
  const session = origin.session === null ? '' : `?session=${origin.session}`;
  if (origin.from === 'lobby') return { kind: 'lobby', href: '/' };
  if (origin.from === 'stage') return { kind: session ? 'program' : 'stage', href: `/stage${session}` };
  if (origin.from === 'webapp') return { kind: 'home', href: `/webapp${session}` };
  return { kind: 'home', href: '/' };
}
