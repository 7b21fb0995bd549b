import type { Branding, Captions, Features, Locale } from './event-settings';

/** A lobby element as pages and islands see it (docs/product.md §3). */
export interface LobbyElement {
  id: number;
  type: number;
  category: string | null;
  options: Record<string, unknown>;
}

/**
 * The event as loaded once per request by the event guard: everything a page needs to
 * render the event's shell (names follow docs/product.md §3 where the contract names them).
 */
export interface EventInfo {
  eventId: number;
  eventSlug: string;
  regEventCode: string | null;
  eventName: string;
  languageId: string;
  locale: Locale;
  timeZone: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  loginCaption: string | null;
  lobbyBannerText: string | null;
  streamUrl: string | null;
  /**
   * The picture the stream area shows until the first frame plays (docs/decisions.md "Organiser
   * console"), set from the console; null: the live background image (`holdingPictureOf`).
   */
  holdingImageUrl: string | null;
  /**
   * The title of the session whose stream is on the stage (`streamUrl` is its stream), set from
   * the console (docs/console.md "The stage's sources"); null: the main stream plays.
   */
  stageTitle: string | null;
  /** That session's id; null: the main stream plays. */
  stageSessionId: number | null;
  /** The event's own main stream, whatever plays: what "back to the main stream" plays. */
  mainStreamUrl: string | null;
  /** The holding picture covers the player for everyone: a break (docs/console.md). */
  holdingShown: boolean;
  gamificationUrl: string | null;
  aboutOnlineEvent: string | null;
  isActive: boolean;
  isRegistrationOpen: boolean;
  startDate: string;
  endDate: string;
  isTwoFactor: boolean;
  liveLobby: boolean;
  liveStage: boolean;
  liveWebApp: boolean;
  liveFAQCategory: string | null;
  /** Event-set captions only; pages fill the rest from the locale (see captionFor). */
  captions: Partial<Captions>;
  features: Features;
  branding: Branding;
  lobbyElements: LobbyElement[];
  version: number;
}
