import { useState } from 'react';
import type { Translate } from '~/lib/translate';
import type { ControlFailure } from './console.store';
import { fieldId } from './row-editor';
import type { Outcome } from './rows.store';

interface Props {
  area: string;
  /** The upload call's last segment and the field's name (`photo`, `logo`). */
  kind: string;
  label: string;
  url: string | null;
  /** The stored row; a new one has none yet and is saved first. */
  rowId: number | undefined;
  upload: (rowId: number, file: File) => Promise<Outcome<{ imageUrl?: string | null; logoUrl?: string | null }>>;
  onUploaded: (url: string) => void;
  onRemove: () => void;
  onFailure: (failure: ControlFailure) => void;
  /** The refusal of the last upload, shown under the field. */
  error: string | undefined;
  t: Translate;
}

/**
 * A row's picture (a speaker's photo, a sponsor's logo): the one shown, a file to upload at once
 * (the server checks it by content and strips its metadata), or remove it with the next save.
 */
export function PictureField({ area, kind, label, url, rowId, upload, onUploaded, onRemove, onFailure, error, t }: Props) {
  const [status, setStatus] = useState('');
  const id = fieldId(area, 'image');
  const choose = async (file: File | undefined) => {
    if (!file || rowId === undefined) return;
    setStatus(t('console.rows.uploading'));
    const outcome = await upload(rowId, file);
    if (!outcome.ok) {
      setStatus('');
      onFailure(outcome.failure);
      return;
    }
    const stored = kind === 'logo' ? outcome.value.logoUrl : outcome.value.imageUrl;
    if (typeof stored === 'string') onUploaded(stored);
    setStatus(t('console.rows.uploaded'));
  };
  return (
    <div className="console-field console-picture">
      <label htmlFor={id}>{label}</label>
      {url ? <img src={url} alt={t('console.rows.currentPicture')} width={96} height={96} /> : <p className="console-hint">{t('console.rows.noPicture')}</p>}
      {rowId === undefined ? <p id={`${id}-hint`} className="console-hint">{t('console.rows.saveFirst')}</p> : (
        <input id={id} type="file" accept="image/png,image/jpeg,image/webp,image/gif" aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => void choose(e.target.files?.[0])} />
      )}
      {url && <button type="button" className="button secondary" onClick={onRemove}>{t('console.rows.removePicture')}</button>}
      {error && <p id={`${id}-error`} className="console-field-error">{error}</p>}
      <p role="status" className="console-hint">{status}</p>
    </div>
  );
}
