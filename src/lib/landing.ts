import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';

/** docs/product.md §9: at this width or less, login lands in the web app and the platform choice is hidden. */
export const NARROW_MAX_WIDTH = 768;

/** What routing after login needs to know about an event; small enough to pass to an island. */
export interface LandingFacts {
  hasLobby: boolean;
  hasStage: boolean;
  hasWebApp: boolean;
}

export function landingFacts(event: Pick<EventInfo, 'features' | 'liveLobby' | 'liveStage' | 'liveWebApp'>): LandingFacts {
  return {
    hasLobby: event.features.lobbyEnabled || event.liveLobby,
    hasStage: event.liveStage,
    hasWebApp: event.liveWebApp && event.features.webAppSupport,
  };
}

/** docs/product.md §2: the in-person/digital choice exists when the web app and a lobby or stage do. */
export function offersPlatformChoice(facts: LandingFacts): boolean {
  return facts.hasWebApp && (facts.hasLobby || facts.hasStage);
}

/**
 * docs/product.md §2 "special modes": a results viewer sent to the login screen goes back to the results
 * after logging in. The login URL says which: `?mode=pollResults` (the generic results page),
 * `?mode=pollResults&key={pollAccessKey}` (`&template=1` for a template's), or
 * `?mode=participants` (the admission list).
 */
export type SpecialMode =
  | { kind: 'pollResults'; accessKey: string | null; isTemplate: boolean }
  | { kind: 'participants' };

// Access keys are short tokens; anything else is ignored, so the parameter cannot redirect off-site.
const ACCESS_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function specialModeFrom(search: string): SpecialMode | null {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  if (mode === 'participants') return { kind: 'participants' };
  if (mode !== 'pollResults') return null;
  const key = query.get('key');
  return { kind: 'pollResults', accessKey: key && ACCESS_KEY.test(key) ? key : null, isTemplate: query.get('template') === '1' };
}

/** The results routes of docs/product.md §2 for a special mode. */
export function specialModePath(mode: SpecialMode): string {
  if (mode.kind === 'participants') return '/participantsAdmitted';
  if (!mode.accessKey) return '/pollResults';
  return `/pollResults/${mode.isTemplate ? 'template/' : ''}${encodeURIComponent(mode.accessKey)}`;
}

/**
 * docs/product.md §2 routing after login: results viewers (special modes) go back to their results;
 * narrow screens and web-app-only events go to the web app; hybrid events follow the
 * attendee's choice; otherwise the lobby when enabled, else the stage.
 */
export function landingPath(facts: LandingFacts, platform: Platform | null, viewportWidth: number, mode: SpecialMode | null = null): string {
  if (mode) return specialModePath(mode);
  const digitalHome = facts.hasLobby ? '/' : '/stage';
  if (viewportWidth <= NARROW_MAX_WIDTH) return '/webapp';
  if (facts.hasWebApp && !facts.hasLobby && !facts.hasStage) return '/webapp';
  if (offersPlatformChoice(facts)) return platform === 'webApp' ? '/webapp' : digitalHome;
  return digitalHome;
}
