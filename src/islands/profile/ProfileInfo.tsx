import type { UserModuleResult } from '~/contracts/profile';
import type { ProfileOptions } from '~/lib/profile-options';
import type { Translate } from '~/lib/translate';

interface Props {
  profile: UserModuleResult;
  options: ProfileOptions;
  t: Translate;
}

const SOCIAL = ['Linkedin', 'Facebook', 'Instagram', 'Twitter'] as const;

/** Only http(s) links are rendered as links; anything else (javascript:, data:) is dropped. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, 'https://invalid.example');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** docs/product.md §2 profile Info: phone, e-mail, about and social links. */
export function ProfileInfo({ profile, t }: Props) {
  const phone = profile.Phone ?? profile.Cell;
  const links = SOCIAL.map((name) => ({ name, url: safeUrl(profile[name]) })).filter((link) => link.url);
  return (
    <dl className="profile-info">
      <dt>{t('profile.phone')}</dt>
      <dd>{phone ? <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a> : t('profile.notAvailable')}</dd>
      <dt>{t('profile.email')}</dt>
      <dd>{profile.Email ? <a href={`mailto:${profile.Email}`}>{profile.Email}</a> : t('profile.notAvailable')}</dd>
      <dt>{t('profile.about')}</dt>
      <dd className="about">{profile.About2 ?? profile.About ?? t('profile.notAvailable')}</dd>
      <dt>{t('profile.links')}</dt>
      <dd>
        {links.length === 0 ? t('profile.notAvailable') : (
          <ul className="social-links">
            {links.map((link) => <li key={link.name}><a href={link.url ?? ''} target="_blank" rel="noopener noreferrer">{link.name}</a></li>)}
          </ul>
        )}
      </dd>
    </dl>
  );
}
