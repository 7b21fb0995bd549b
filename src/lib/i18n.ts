import i18next, { type TFunction } from 'i18next';
import en from '../../locales/en.json';
import nb from '../../locales/nb.json';
import type { CaptionKey, Locale } from '~/contracts/event-settings';
import type { Messages } from '~/lib/translate';

/** The languages the interface speaks. */
export const LOCALES = ['en', 'nb'] as const satisfies readonly Locale[];
export const resources = { en: { translation: en }, nb: { translation: nb } } as const;

const instances = new Map<Locale, TFunction>();

/**
 * A translate function for a locale (i18next over locales/*.json). Instances are made once
 * and initialised synchronously, so server rendering never waits on them.
 */
export function translator(locale: Locale): TFunction {
  let t = instances.get(locale);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({ resources, lng: locale, fallbackLng: 'en', initAsync: false, interpolation: { escapeValue: false } });
    t = instance.t.bind(instance);
    instances.set(locale, t);
  }
  return t;
}

/** An event's caption, or the translated default when the event sets none (docs/product.md §1). */
export function captionFor(captions: Partial<Record<CaptionKey, string>>, key: CaptionKey, t: TFunction): string {
  const own = captions[key]?.trim();
  return own ? own : t(`captions.${key}`);
}

/** The named top-level sections of a locale, for an island's props (see ~/lib/translate). */
export function messagesFor(locale: Locale, sections: readonly string[]): Messages {
  const all = resources[locale].translation as unknown as Messages;
  const picked: Messages = {};
  for (const section of sections) {
    const value = all[section];
    if (value !== undefined) picked[section] = value;
  }
  return picked;
}
