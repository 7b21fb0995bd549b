import { useState } from 'react';
import type { UserModuleResult } from '~/contracts/profile';
import type { ProfileOptions } from '~/lib/profile-options';
import type { Translate } from '~/lib/translate';
import { toggleVisibility } from './profile.store';

interface Props {
  eventId: number;
  profile: UserModuleResult;
  options: ProfileOptions;
  t: Translate;
}

/** docs/product.md §2 settings: visible/hidden toggle, and the physical/online choice of hybrid events. */
export function ProfileSettings({ eventId, profile, options, t }: Props) {
  const [isBusy, setBusy] = useState(false);
  const isVisible = profile.Hidden !== '1';
  const isWebApp = globalThis.location?.pathname.includes('webapp') ?? false;
  const digitalHome = options.landing.hasLobby ? '/' : '/stage';

  async function setVisible(visible: boolean) {
    if (visible === isVisible || isBusy) return;
    setBusy(true);
    await toggleVisibility(eventId);
    setBusy(false);
  }

  return (
    <div className="profile-settings">
      {options.showVisibility && (
        <fieldset className="choice" disabled={isBusy}>
          <legend>{t('profile.visibility')}</legend>
          <label><input type="radio" name="profile-visibility" checked={isVisible} onChange={() => void setVisible(true)} /> {t('profile.visible')}</label>
          <label><input type="radio" name="profile-visibility" checked={!isVisible} onChange={() => void setVisible(false)} /> {t('profile.hidden')}</label>
        </fieldset>
      )}
      {options.showPlatformChoice && (
        <fieldset className="choice">
          <legend>{t('profile.platform')}</legend>
          <label><input type="radio" name="profile-platform" checked={isWebApp} onChange={() => globalThis.location.assign('/webapp')} /> {t('profile.inPerson')}</label>
          <label><input type="radio" name="profile-platform" checked={!isWebApp} onChange={() => globalThis.location.assign(digitalHome)} /> {t('profile.digital')}</label>
        </fieldset>
      )}
    </div>
  );
}
