import type { EventInfo, LobbyElement } from '~/contracts/event-info';
import { FEATURE_FLAGS, type Features, type Locale } from '~/contracts/event-settings';
import { parseJson, toBool, toInt } from '~/server/db/sql-values';
import type { EventRow, LobbyElementRow } from './event.repository';

function features(stored: Record<string, unknown>, allOn: boolean): Features {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, allOn || stored[flag] === true])) as Features;
}

function lobbyElement(row: LobbyElementRow): LobbyElement {
  return { id: toInt(row.id), type: toInt(row.type), category: row.category, options: parseJson(row.options, {}) };
}

/** Shapes stored rows into the EventInfo every page receives. */
export function toEventInfo(row: EventRow, elements: LobbyElementRow[], featuresAllOn: boolean): EventInfo {
  const locale: Locale = row.language_id === '2' ? 'nb' : 'en';
  return {
    eventId: toInt(row.id),
    eventSlug: row.slug,
    regEventCode: row.reg_event_code,
    eventName: row.name,
    languageId: row.language_id,
    locale,
    timeZone: row.time_zone,
    logoUrl: row.logo_url,
    faviconUrl: row.favicon_url,
    loginCaption: row.login_caption,
    lobbyBannerText: row.lobby_banner_text,
    streamUrl: row.stream_url,
    gamificationUrl: row.gamification_url,
    aboutOnlineEvent: row.about_online_event,
    isActive: toBool(row.is_active),
    isRegistrationOpen: toBool(row.is_registration_open),
    startDate: row.start_date,
    endDate: row.end_date,
    isTwoFactor: toBool(row.is_two_factor),
    liveLobby: toBool(row.live_lobby),
    liveStage: toBool(row.live_stage),
    liveWebApp: toBool(row.live_web_app),
    liveFAQCategory: row.live_faq_category,
    captions: parseJson(row.captions, {}),
    features: features(parseJson(row.features, {}), featuresAllOn),
    branding: parseJson(row.branding, {}),
    lobbyElements: elements.map(lobbyElement),
    version: toInt(row.version),
  };
}
