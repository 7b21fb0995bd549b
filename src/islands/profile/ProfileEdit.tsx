import { useState } from 'react';
import type { UserModuleResult } from '~/contracts/profile';
import { profileErrors, type ProfileDraft } from '~/lib/form-rules';
import type { Translate } from '~/lib/translate';
import { saveProfile } from './profile.store';

interface Props {
  eventId: number;
  profile: UserModuleResult;
  t: Translate;
}

type Extra = { company: string; jobTitle: string; address: string };
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** docs/product.md §5 profile edit: e-mail and phone read-only; Save disabled while invalid or saving. */
export function ProfileEdit({ eventId, profile, t }: Props) {
  const [draft, setDraft] = useState<ProfileDraft & Extra>({
    firstName: profile.Firstname, lastName: profile.Lastname, email: profile.Email, phone: profile.Phone ?? profile.Cell ?? '',
    about: profile.About2 ?? '', company: profile.Company ?? '', jobTitle: profile.Jobtitle ?? '', address: profile.Address1 ?? '',
  });
  const [state, setState] = useState<SaveState>('idle');
  const errors = profileErrors(draft);
  const isInvalid = Object.keys(errors).length > 0;

  const change = (field: keyof typeof draft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    if (state !== 'saving') setState('idle');
  };

  async function save() {
    if (isInvalid || state === 'saving') return;
    setState('saving');
    const isSaved = await saveProfile(eventId, {
      Firstname: draft.firstName.trim(), Lastname: draft.lastName.trim(), About2: draft.about.trim() || null,
      Company: draft.company.trim() || null, Jobtitle: draft.jobTitle.trim() || null, Address1: draft.address.trim() || null,
      Email: profile.Email, Phone: profile.Phone,
    });
    setState(isSaved ? 'saved' : 'failed');
  }

  const field = (id: keyof typeof draft, label: string, options: { readOnly?: boolean; multiline?: boolean; type?: string; autoComplete?: string } = {}) => {
    const error = (errors as Record<string, string | undefined>)[id];
    const inputId = `profile-edit-${id}`;
    const props = {
      id: inputId, value: draft[id], readOnly: options.readOnly, onChange: change(id), autoComplete: options.autoComplete,
      'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${inputId}-error` : undefined,
    };
    return (
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        {options.multiline ? <textarea rows={4} {...props} /> : <input type={options.type ?? 'text'} {...props} />}
        {error && <p id={`${inputId}-error`} className="field-error">{t(`profile.${error}`)}</p>}
      </div>
    );
  };

  return (
    <form className="profile-edit" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      {field('firstName', t('profile.firstName'), { autoComplete: 'given-name' })}
      {field('lastName', t('profile.lastName'), { autoComplete: 'family-name' })}
      {field('email', t('profile.email'), { readOnly: true, type: 'email' })}
      {field('phone', t('profile.phone'), { readOnly: true, type: 'tel' })}
      {field('company', t('profile.company'), { autoComplete: 'organization' })}
      {field('jobTitle', t('profile.jobTitle'), { autoComplete: 'organization-title' })}
      {field('address', t('profile.address'), { autoComplete: 'street-address' })}
      {field('about', t('profile.about'), { multiline: true })}
      <div role="status" aria-live="polite">
        {state === 'saved' && <p className="notice success">{t('profile.saved')}</p>}
        {state === 'failed' && <p className="notice error">{t('profile.saveFailed')}</p>}
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button" disabled={isInvalid || state === 'saving'}>
          {state === 'saving' ? t('profile.saving') : t('profile.save')}
        </button>
      </div>
    </form>
  );
}
