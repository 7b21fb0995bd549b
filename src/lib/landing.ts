import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';

/** SPEC §9: at this width or less, login lands in the web app and the platform choice is hidden. */
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

/** SPEC §2: the in-person/digital choice exists when the web app and a lobby or stage do. */
export function offersPlatformChoice(facts: LandingFacts): boolean {
  return facts.hasWebApp && (facts.hasLobby || facts.hasStage);
}

/**
 * SPEC §2 routing after login: narrow screens and web-app-only events go to the web app;
 * hybrid events follow the attendee's choice; otherwise the lobby when enabled, else the
 * stage. (Results viewers' special modes are a separate seam, see docs/login-screens.md.)
 */
export function landingPath(facts: LandingFacts, platform: Platform | null, viewportWidth: number): string {
  const digitalHome = facts.hasLobby ? '/' : '/stage';
  if (viewportWidth <= NARROW_MAX_WIDTH) return '/webapp';
  if (facts.hasWebApp && !facts.hasLobby && !facts.hasStage) return '/webapp';
  if (offersPlatformChoice(facts)) return platform === 'webApp' ? '/webapp' : digitalHome;
  return digitalHome;
}
