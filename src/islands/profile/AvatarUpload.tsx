import { useEffect, useState } from 'react';
import type { UserModuleResult } from '~/contracts/profile';
import type { Translate } from '~/lib/translate';
import { loadProfile, uploadAvatar } from './profile.store';

interface Props {
  eventId: number;
  profile: UserModuleResult;
  t: Translate;
}

/** docs/product.md §9 avatar formats. The server checks the content again; this only guides the choice. */
const ACCEPT = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;

/** Avatar with preview of the chosen file and upload progress. */
export function AvatarUpload({ eventId, profile, t }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<'avatarType' | 'avatarFailed' | null>(null);
  const name = `${profile.Firstname} ${profile.Lastname}`;

  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!ACCEPT.includes(file.type) || !EXTENSIONS.test(file.name)) return setError('avatarType');
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    const isUploaded = await uploadAvatar(eventId, file, setProgress);
    setProgress(null);
    if (!isUploaded) return setError('avatarFailed');
    await loadProfile(eventId);
  }

  const src = preview ?? profile.Picture;
  const initials = `${profile.Firstname.charAt(0)}${profile.Lastname.charAt(0)}`.toUpperCase();
  return (
    <div className="avatar-upload">
      {src
        ? <img className="avatar" src={src} alt={t('profile.avatarAlt', { name })} width="96" height="96" />
        : <span className="avatar avatar-initials" aria-hidden="true">{initials}</span>}
      <div className="avatar-actions">
        <p className="profile-name">{name}</p>
        <label className="button secondary file-button">
          {profile.Picture ? t('profile.avatarChange') : t('profile.avatarUpload')}
          <input
            type="file" className="visually-hidden" accept=".png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif"
            disabled={progress !== null} onChange={(event) => { void choose(event.target.files?.[0]); event.target.value = ''; }}
          />
        </label>
        {progress !== null && (
          <progress max={100} value={progress} aria-label={t('profile.avatarUploading', { percent: progress })}>{progress} %</progress>
        )}
        {error && <p className="field-error" role="alert">{t(`profile.${error}`)}</p>}
      </div>
    </div>
  );
}
