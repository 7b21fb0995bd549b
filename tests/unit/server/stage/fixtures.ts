import type { EventInfo } from '~/contracts/event-info';
import { FEATURE_FLAGS, type Features } from '~/contracts/event-settings';

/** An event with every feature on unless `features` says otherwise. */
export function eventInfo(overrides: Partial<EventInfo> = {}, features: Partial<Features> = {}): EventInfo {
  const all = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as Features;
  return {
    eventId: 7, eventSlug: 'summit', regEventCode: null, eventName: 'Summit', languageId: '1', locale: 'en',
    timeZone: 'Europe/Oslo', logoUrl: null, faviconUrl: null, loginCaption: null, lobbyBannerText: null,
    streamUrl: '/media/mainstage/index.m3u8', holdingImageUrl: null, stageTitle: null, stageSessionId: null, mainStreamUrl: '/media/mainstage/index.m3u8', holdingShown: false, gamificationUrl: 'https://games.example.org', aboutOnlineEvent: null,
    isActive: true, isRegistrationOpen: true, startDate: '2025-01-01T08:00:00Z', endDate: '2025-01-02T17:00:00Z',
    isTwoFactor: false, liveLobby: true, liveStage: true, liveWebApp: true, liveFAQCategory: null,
    captions: {}, features: { ...all, ...features }, branding: {}, lobbyElements: [], version: 1,
    ...overrides,
  };
}
