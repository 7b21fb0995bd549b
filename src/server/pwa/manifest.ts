import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';
import { parseColour } from '~/lib/contrast';
import { isLobbyEnabled } from '~/lib/navigation';

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
  icons: { src: string; sizes: string; type: string; purpose: 'any' }[];
}

const ICON_TYPES: Record<string, string> = { png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', ico: 'image/x-icon' };

/**
 * SPEC §2 login routing as a start page: the web app for in-person attendees (or when it is the
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
 * The event's web app manifest. The icon is the event favicon (SPEC §3: 256×256 by default);
 * nothing resizes images here, so a PNG is declared at that size and an SVG as "any".
 */
export function buildManifest(event: EventInfo, startUrl: string): WebAppManifest {
  const icons: WebAppManifest['icons'] = [];
  if (event.faviconUrl) {
    const extension = /\.([a-z]+)(?:[?#]|$)/i.exec(event.faviconUrl)?.[1]?.toLowerCase() ?? 'png';
    const type = ICON_TYPES[extension] ?? 'image/png';
    icons.push({ src: event.faviconUrl, sizes: extension === 'svg' ? 'any' : '256x256', type, purpose: 'any' });
  }
  return {
    // One id per event host, whatever the start page: reinstalling never makes a second app.
    id: '/',
    name: event.eventName,
    short_name: event.eventName.length > 12 ? event.eventName.slice(0, 12).trim() : event.eventName,
    lang: event.locale,
    start_url: startUrl,
    scope: '/',
    display: 'standalone',
    background_color: colour(event.branding.liveBackgroundColor, '#f4f5f8'),
    theme_color: colour(event.branding.navbarColor, '#ffffff'),
    icons,
  };
}
