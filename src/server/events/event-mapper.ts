import type { EventInfo, LobbyElement } from '~/contracts/event-info';
import { FEATURE_FLAGS, type Features, type Locale } from '~/contracts/event-settings';
import type { EventRecord } from './event.repository';

function features(stored: Record<string, unknown>, allOn: boolean): Features {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, allOn || stored[flag] === true])) as Features;
}

/** Shapes a stored event into the EventInfo every page receives. */
export function toEventInfo(event: EventRecord, lobbyElements: LobbyElement[], featuresAllOn: boolean): EventInfo {
  const locale: Locale = event.languageId === '2' ? 'nb' : 'en';
  return {
    eventId: event.id,
    eventSlug: event.slug,
    regEventCode: event.regEventCode,
    eventName: event.name,
    languageId: event.languageId,
    locale,
    timeZone: event.timeZone,
    logoUrl: event.logoUrl,
    faviconUrl: event.faviconUrl,
    loginCaption: event.loginCaption,
    lobbyBannerText: event.lobbyBannerText,
    streamUrl: event.streamUrl,
    holdingImageUrl: event.holdingImageUrl,
    stageTitle: event.stageTitle,
    stageSessionId: event.stageSessionId,
    mainStreamUrl: event.mainStreamUrl,
    holdingShown: event.holdingShown,
    gamificationUrl: event.gamificationUrl,
    aboutOnlineEvent: event.aboutOnlineEvent,
    isActive: event.isActive,
    isRegistrationOpen: event.isRegistrationOpen,
    startDate: event.startDate,
    endDate: event.endDate,
    isTwoFactor: event.isTwoFactor,
    liveLobby: event.liveLobby,
    liveStage: event.liveStage,
    liveWebApp: event.liveWebApp,
    liveFAQCategory: event.liveFaqCategory,
    captions: event.captions,
    features: features(event.features, featuresAllOn),
    branding: event.branding,
    lobbyElements,
    version: event.version,
  };
}
