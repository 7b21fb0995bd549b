import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';
// Only the controls the player uses, not media-chrome's whole set.
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import 'media-chrome/dist/media-loading-indicator.js';

/** media-chrome's own labels (English keys) in the event's language; it ships no Norwegian. */
export function useLanguage(locale: string, labels: Record<string, string>): void {
  if (locale !== 'en') addTranslation(locale, labels);
  setLanguage(locale);
}
