import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';
import { parseColour } from '~/lib/contrast';
import { isLobbyEnabled } from '~/lib/navigation';
import { iconFileName, type IconPurpose, type IconVariant } from './icon-render';
import { shortName } from './short-name';

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: IconPurpose }[];
}

const VARIANTS: IconVariant[] = [
  { purpose: 'any', size: 192 }, { purpose: 'any', size: 512 },
  { purpose: 'maskable', size: 192 }, { purpose: 'maskable', size: 512 },
];

/** Where an icon of the event is drawn; the version in the query gives a new URL per change. */
export function iconUrl(event: Pick<EventInfo, 'eventId' | 'version'>, variant: IconVariant): string {
  return `/api/liveEvent/${event.eventId}/manifest/icons/${iconFileName(variant)}?v=${event.version}`;
}

/**
 * docs/product.md §2 login routing as a start page: the web app for in-person attendees (or when it is the
 * only platform), otherwise the lobby when enabled, else the stage.
 */
export function landingPath(event: Pick<EventInfo, 'features' | 'liveLobby' | 'liveStage' | 'liveWebApp'>, platform?: Platform): string {
  const hasDigital = isLobbyEnabled(event) || event.liveStage;
  if (event.liveWebApp && (platform === 'webApp' || !hasDigital)) return '/webapp';
  return isLobbyEnabled(event) ? '/' : '/stage';
}

function colour(value: string | undefined, fallback: string): string {
  return value && parseColour(value) ? value : fallback;
}

/**
 * The event's web app manifest. Its icons (192 and 512 px, plain and maskable) are drawn from the
 * event's favicon or logo by the icons endpoint; the label under the icon never ends mid-word.
 */
export function buildManifest(event: EventInfo, startUrl: string): WebAppManifest {
  const icons = VARIANTS.map((variant) => ({
    src: iconUrl(event, variant), sizes: `${variant.size}x${variant.size}`, type: 'image/png' as const, purpose: variant.purpose,
  }));
  return {
    // One id per event host, whatever the start page: reinstalling never makes a second app.
    id: '/',
    name: event.eventName,
    short_name: shortName(event.eventName, event.eventSlug),
    lang: event.locale,
    start_url: startUrl,
    scope: '/',
    display: 'standalone',
    background_color: colour(event.branding.liveBackgroundColor, '#f4f5f8'),
    theme_color: colour(event.branding.navbarColor, '#ffffff'),
    icons,
  };
}
