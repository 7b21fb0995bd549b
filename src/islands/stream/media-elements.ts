import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';
import { idleMoment } from './after-load';

/**
 * Only the controls the player uses, not media-chrome's whole set, each defined by its own module
 * as that module runs. Defining an element also builds every copy already in the page (its shadow
 * tree, styles and listeners), so one module for all of them was one long task (150–500 ms on a
 * slow phone); one import at a time, with an idle moment between, keeps each a task of its own.
 * The controller goes first: each control finds it as the control connects.
 */
const ELEMENTS: (() => Promise<unknown>)[] = [
  () => import('media-chrome/dist/media-controller.js'),
  () => import('media-chrome/dist/media-control-bar.js'),
  () => import('media-chrome/dist/media-loading-indicator.js'),
  () => import('media-chrome/dist/media-play-button.js'),
  () => import('media-chrome/dist/media-mute-button.js'),
  () => import('media-chrome/dist/media-fullscreen-button.js'),
  () => import('media-chrome/dist/media-volume-range.js'),
  () => import('media-chrome/dist/media-time-range.js'),
  () => import('media-chrome/dist/media-time-display.js'),
];

let defined: Promise<void> | undefined;

/**
 * Defines the player's elements (once per page), with media-chrome's own labels (English keys) in
 * the event's language first, so they are built with them; media-chrome ships no Norwegian.
 */
export function defineMediaElements(locale: string, labels: Record<string, string>): Promise<void> {
  if (locale !== 'en') addTranslation(locale, labels);
  setLanguage(locale);
  defined ??= (async () => {
    for (const define of ELEMENTS) {
      await define();
      await idleMoment();
    }
  })();
  // A chunk that could not be fetched (offline) is not kept as the answer: the next player tries again.
  defined.catch(() => { defined = undefined; });
  return defined;
}
