import { useId } from 'react';
import type { ConsoleTimelineItem, PromotionInput } from '~/contracts/console';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import { LINK_MODES, type LinkMode } from '~/contracts/timeline';
import type { Translate } from '~/lib/translate';

/** A promotion as its form holds it: empty texts are "none". */
export interface PromotionDraft {
  linkMode: LinkMode | '';
  link: string;
  linkText: string;
  platforms: Platform[];
}

export const EMPTY_PROMOTION: PromotionDraft = { linkMode: '', link: '', linkText: '', platforms: [...PLATFORMS] };

/** The form as a promoted item shows now (its link and platforms), to change them; a post starts from the defaults. */
export const draftOf = (item: Pick<ConsoleTimelineItem, 'isPromo' | 'LinkMode' | 'Promolink' | 'Promolinktext' | 'PlatformDisplayOptions'>): PromotionDraft =>
  (item.isPromo === '1'
    ? { linkMode: item.LinkMode ?? '', link: item.Promolink ?? '', linkText: item.Promolinktext ?? '', platforms: [...item.PlatformDisplayOptions] }
    : EMPTY_PROMOTION);

const orNone = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The call's input from the form: empty fields sent as none, and no link at all without a way to show it. */
export const promotionOf = (draft: PromotionDraft): PromotionInput => ({
  linkMode: draft.linkMode === '' ? null : draft.linkMode,
  link: draft.linkMode === '' ? null : orNone(draft.link),
  linkText: draft.linkMode === '' ? null : orNone(draft.linkText),
  platforms: draft.platforms,
});

interface Props {
  draft: PromotionDraft;
  onChange: (draft: PromotionDraft) => void;
  t: Translate;
}

/** How a promoted item shows (docs/product.md §3 timeline item: link mode, link, link text, platforms). */
export function PromotionFields({ draft, onChange, t }: Props) {
  const id = useId();
  const togglePlatform = (platform: Platform, isOn: boolean) =>
    onChange({ ...draft, platforms: isOn ? [...draft.platforms, platform] : draft.platforms.filter((p) => p !== platform) });
  return (
    <>
      <label htmlFor={`${id}-mode`}>{t('console.promote.linkMode')}</label>
      <select id={`${id}-mode`} value={draft.linkMode} onChange={(event) => onChange({ ...draft, linkMode: event.target.value as LinkMode | '' })}>
        <option value="">{t('console.promote.noLink')}</option>
        {LINK_MODES.map((mode) => <option key={mode} value={mode}>{t(`console.promote.modes.${mode}`)}</option>)}
      </select>
      {/* The address and its text mean nothing until the link has a way to show. */}
      {draft.linkMode !== '' && (
        <>
          <label htmlFor={`${id}-link`}>{t('console.promote.link')}</label>
          <input id={`${id}-link`} type="text" inputMode="url" autoComplete="off" value={draft.link} onChange={(event) => onChange({ ...draft, link: event.target.value })} />
          <label htmlFor={`${id}-text`}>{t('console.promote.linkText')}</label>
          <input id={`${id}-text`} type="text" autoComplete="off" maxLength={200} value={draft.linkText} onChange={(event) => onChange({ ...draft, linkText: event.target.value })} />
        </>
      )}
      <fieldset className="console-platforms">
        <legend>{t('console.promote.platforms')}</legend>
        {PLATFORMS.map((platform) => (
          <label key={platform} className="console-check">
            <input type="checkbox" checked={draft.platforms.includes(platform)} onChange={(event) => togglePlatform(platform, event.target.checked)} />
            {t(`console.promote.platform.${platform}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
