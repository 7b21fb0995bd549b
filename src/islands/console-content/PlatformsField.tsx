import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import { fieldId } from '~/islands/console/row-editor';
import type { Translate } from '~/lib/translate';

interface Props {
  area: string;
  platforms: Platform[];
  onChange: (platforms: Platform[]) => void;
  error: string | undefined;
  t: Translate;
}

/** Where a page or a document shows: the digital stage, the web app, or both (one at least). */
export function PlatformsField({ area, platforms, onChange, error, t }: Props) {
  const id = fieldId(area, 'platforms');
  return (
    <fieldset id={id} tabIndex={-1} className="console-platforms" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('console.content.platforms')}</legend>
      {PLATFORMS.map((platform) => (
        <label key={platform} className="console-check">
          <input type="checkbox" checked={platforms.includes(platform)}
            onChange={(e) => onChange(e.target.checked ? PLATFORMS.filter((p) => p === platform || platforms.includes(p)) : platforms.filter((p) => p !== platform))} />
          {t(`console.content.platform.${platform}`)}
        </label>
      ))}
      {error && <p id={`${id}-error`} className="console-field-error">{error}</p>}
    </fieldset>
  );
}
