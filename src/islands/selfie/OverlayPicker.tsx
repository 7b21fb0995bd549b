import { useId } from 'react';
import type { SelfieOverlay } from '~/contracts/selfie';
import type { Translate } from '~/lib/translate';

export interface OverlayPickerProps {
  overlays: SelfieOverlay[];
  /** The chosen overlay's id, or null for none. */
  value: number | null;
  onChange: (overlayId: number | null) => void;
  disabled: boolean;
  t: Translate;
}

/**
 * The overlays as a radio group of thumbnails (arrow keys move, as in any radio group), with
 * "No overlay" first. Each thumbnail is named by its text: the picture itself is decorative.
 */
export function OverlayPicker({ overlays, value, onChange, disabled, t }: OverlayPickerProps) {
  const name = useId();
  const options: { id: number | null; label: string; imageUrl: string | null }[] = [
    { id: null, label: t('selfie.noOverlay'), imageUrl: null },
    ...overlays.map((o) => ({ id: o.OverlayID, label: o.Name, imageUrl: o.ImageUrl })),
  ];
  return (
    <fieldset className="selfie-overlays" disabled={disabled}>
      <legend>{t('selfie.overlayLegend')}</legend>
      <div className="selfie-overlay-list">
        {options.map((option) => (
          <label key={option.id ?? 'none'} className={`selfie-overlay${option.id === value ? ' is-chosen' : ''}`}>
            <input type="radio" className="visually-hidden" name={name} checked={option.id === value} onChange={() => onChange(option.id)} />
            <span className="selfie-thumb" aria-hidden="true">
              {option.imageUrl && <img src={option.imageUrl} alt="" width={64} height={64} loading="lazy" />}
            </span>
            <span className="selfie-overlay-name">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
