import { useState, type CSSProperties } from 'react';
import type { ConsoleSettings } from '~/contracts/console-settings';
import { BRANDING_KEYS, type Branding, type BrandingKey } from '~/contracts/event-settings';
import { FormField } from '~/islands/console/FormField';
import { brandingContrastIssues, brandingCss } from '~/lib/branding';
import { readableTextColour } from '~/lib/contrast';
import type { Translate } from '~/lib/translate';
import { SectionForm, useFieldError } from './SectionForm';
import { saveSection, uploadPicture } from './settings.store';

type ColourKey = Exclude<BrandingKey, 'liveBackgroundImage'>;
const COLOUR_KEYS = BRANDING_KEYS.filter((k): k is ColourKey => k !== 'liveBackgroundImage');
const HEX6 = /^#[0-9a-f]{6}$/i;

interface Props {
  settings: ConsoleSettings;
  locale: string;
  t: Translate;
}

/**
 * The preview's custom properties from the colours typed so far: the lobby's own (lib/branding.ts,
 * base.css's defaults for those not set), with an unreadable button text swapped as the lobby does.
 */
function previewStyle(b: Branding): CSSProperties {
  const properties: Record<string, string> = {};
  for (const declaration of brandingCss(b).replace(/^:root:root\{|\}$/g, '').split(';')) {
    const [name, value] = declaration.split(':');
    if (name?.startsWith('--brand-') && value && name !== '--brand-background-image') properties[name] = value;
  }
  if (b.primaryButtonColor && b.primaryButtonTextColor) properties['--brand-primary-text'] = readableTextColour(b.primaryButtonTextColor, b.primaryButtonColor);
  if (b.secondaryButtonColor && b.secondaryButtonTextColor) properties['--brand-secondary-text'] = readableTextColour(b.secondaryButtonTextColor, b.secondaryButtonColor);
  return properties;
}

/**
 * Branding: every colour, the live background picture and the logo, with a preview that follows
 * each keystroke and the pairs under 4.5:1 contrast named before saving (docs/console.md "Settings").
 */
export function BrandingSection({ settings, locale, t }: Props) {
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const [colours, setColours] = useState<Partial<Record<ColourKey, string>>>(() => ({ ...settings.branding }));
  const [background, setBackground] = useState(settings.branding.liveBackgroundImage ?? '');
  const [logo, setLogo] = useState(settings.logoUrl ?? '');
  const errorOf = useFieldError('branding', t);
  const typed: Branding = Object.fromEntries(Object.entries(colours).filter(([, value]) => value && value.trim() !== ''));
  const style = previewStyle(typed);
  const issues = brandingContrastIssues(typed);
  const save = () => void saveSection('branding', {
    branding: Object.fromEntries(COLOUR_KEYS.map((k) => [k, colours[k]?.trim() ? colours[k].trim() : null])),
    liveBackgroundImage: background.trim() || null, logoUrl: logo.trim() || null,
  });
  return (
    <SectionForm section="branding" title={t('console.settings.branding.title')} hint={t('console.settings.branding.hint')}
      fields={['branding', 'liveBackgroundImage', 'logoUrl', 'image']} onSubmit={save} t={t}>
      <div className="settings-branding">
        <div className="settings-colours">
          {COLOUR_KEYS.map((key) => (
            <FormField key={key} id={`brand-${key}`} label={t(`console.settings.branding.${key}`)} error={errorOf(`branding.${key}`, t(`console.settings.branding.${key}`))}>
              {(control) => (
                <span className="settings-colour">
                  <input type="color" aria-label={t('console.settings.branding.pick', { name: t(`console.settings.branding.${key}`) })}
                    value={HEX6.test(colours[key] ?? '') ? colours[key] : '#000000'} onChange={(e) => setColours({ ...colours, [key]: e.target.value })} />
                  <input {...control} type="text" inputMode="text" autoComplete="off" spellCheck={false} placeholder="#1a56db"
                    value={colours[key] ?? ''} onChange={(e) => setColours({ ...colours, [key]: e.target.value })} />
                </span>
              )}
            </FormField>
          ))}
          <FormField id="brand-background" label={t('console.settings.branding.liveBackgroundImage')} hint={t('console.settings.branding.addressHint')} error={errorOf('liveBackgroundImage', t('console.settings.branding.liveBackgroundImage'))}>
            {(control) => <input {...control} type="text" value={background} onChange={(e) => setBackground(e.target.value)} />}
          </FormField>
          <FormField id="brand-logo" label={t('console.settings.branding.logoUrl')} hint={t('console.settings.branding.addressHint')} error={errorOf('logoUrl', t('console.settings.branding.logoUrl'))}>
            {(control) => <input {...control} type="text" value={logo} onChange={(e) => setLogo(e.target.value)} />}
          </FormField>
          <FormField id="brand-upload-background" label={t('console.settings.branding.uploadBackground')} error={errorOf('image', t('console.settings.branding.uploadBackground'))}>
            {(control) => <input {...control} type="file" accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => { const file = e.target.files?.[0]; if (file) void uploadPicture('background', file).then((s) => { if (s) setBackground(s.branding.liveBackgroundImage ?? ''); }); }} />}
          </FormField>
          <FormField id="brand-upload-logo" label={t('console.settings.branding.uploadLogo')} error={undefined}>
            {(control) => <input {...control} type="file" accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => { const file = e.target.files?.[0]; if (file) void uploadPicture('logo', file).then((s) => { if (s) setLogo(s.logoUrl ?? ''); }); }} />}
          </FormField>
        </div>
        <figure className="settings-preview" aria-label={t('console.settings.branding.preview')} style={style}>
          <div className="settings-preview-bar">{t('console.settings.branding.previewNavbar')}</div>
          <p>{t('console.settings.branding.previewSection')}</p>
          <p>{t('console.settings.branding.previewSection')}</p>
          <p className="settings-preview-buttons">
            <span className="settings-preview-button">{t('console.settings.branding.previewPrimary')}</span>
            <span className="settings-preview-button">{t('console.settings.branding.previewSecondary')}</span>
          </p>
          <figcaption>{t('console.settings.branding.preview')}</figcaption>
        </figure>
      </div>
      <div aria-live="polite">
        {issues.length > 0 && (
          <ul className="settings-contrast">
            {issues.map((issue) => (
              <li key={issue.pair}>{t('console.settings.branding.lowContrast', { pair: t(`console.settings.branding.pairs.${issue.pair.replace('/', '_')}`), ratio: decimal.format(issue.ratio) })}</li>
            ))}
          </ul>
        )}
      </div>
    </SectionForm>
  );
}
