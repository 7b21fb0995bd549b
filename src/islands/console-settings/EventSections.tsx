import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PASSWORD_KINDS, type ConsoleSettings, type PasswordKind } from '~/contracts/console-settings';
import type { FeatureFlag } from '~/contracts/event-settings';
import { ControlFailure } from '~/islands/console/ControlFailure';
import { FormField } from '~/islands/console/FormField';
import type { Translate } from '~/lib/translate';
import { FEATURE_GROUPS } from './feature-groups';
import { SectionForm, useFieldError } from './SectionForm';
import { $sections, saveSection } from './settings.store';

interface Props {
  settings: ConsoleSettings;
  t: Translate;
}

/** Features per platform: a switch per feature, saved together (only those changed are sent). */
export function FeaturesSection({ settings, t }: Props) {
  const [flags, setFlags] = useState(settings.features);
  const changed = Object.fromEntries(Object.entries(flags).filter(([flag, on]) => settings.features[flag as FeatureFlag] !== on));
  return (
    <SectionForm section="features" title={t('console.settings.features.title')} hint={t('console.settings.features.hint')}
      fields={['features']} onSubmit={() => void saveSection('features', { features: changed })} t={t}>
      {FEATURE_GROUPS.map((group) => (
        <fieldset key={group.key} className="settings-flags">
          <legend>{t(`console.settings.features.${group.key}`)}</legend>
          {group.flags.map((flag) => (
            <label key={flag} className="settings-check">
              <input type="checkbox" checked={flags[flag]} onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })} />
              {t(`console.settings.flags.${flag}`)}
            </label>
          ))}
        </fieldset>
      ))}
    </SectionForm>
  );
}

/** Registration open or closed, the capacity, and how many hold a place or wait for one. */
export function RegistrationSection({ settings, t }: Props) {
  const { registration } = settings;
  const [isOpen, setOpen] = useState(registration.isOpen);
  const [capacity, setCapacity] = useState(registration.capacity === null ? '' : String(registration.capacity));
  const errorOf = useFieldError('registration', t);
  const state = useStore($sections).registration;
  // A capacity under the places taken is refused (409): say how many are taken.
  const capacityError = state?.kind === 'failed' && state.failure.status === 409
    ? t('console.settings.registration.belowTaken', { taken: registration.placesTaken }) : errorOf('capacity', t('console.settings.registration.capacity'));
  const save = () => void saveSection('registration', { isOpen, capacity: capacity.trim() === '' ? null : Number(capacity) });
  return (
    <SectionForm section="registration" title={t('console.settings.registration.title')} fields={['isOpen', 'capacity']} onSubmit={save} t={t}>
      <label className="settings-check">
        <input type="checkbox" checked={isOpen} onChange={(e) => setOpen(e.target.checked)} />
        {t('console.settings.registration.open')}
      </label>
      <FormField id="settings-capacity" label={t('console.settings.registration.capacity')} hint={t('console.settings.registration.capacityHint')} error={capacityError}>
        {(control) => <input {...control} type="number" min={1} step={1} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />}
      </FormField>
      <p className="console-note">{t('console.settings.registration.counts', { taken: registration.placesTaken, waiting: registration.waiting })}</p>
    </SectionForm>
  );
}

function PasswordForm({ kind, isSet, t }: { kind: PasswordKind; isSet: boolean; t: Translate }) {
  const [password, setPassword] = useState('');
  const errorOf = useFieldError('password', t);
  const section = 'password' as const;
  return (
    <FormField id={`settings-password-${kind}`} label={t(`console.settings.passwords.${kind}`)}
      hint={t(isSet ? 'console.settings.passwords.isSet' : 'console.settings.passwords.notSet')} error={errorOf('password')}>
      {(control) => (
        <span className="settings-password">
          <input {...control} type="password" autoComplete="new-password" minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
          <button type="button" className="button secondary" disabled={password.length === 0}
            onClick={() => void saveSection(section, { kind, password }).then((saved) => { if (saved) setPassword(''); })}>
            {t(isSet ? 'console.settings.passwords.change' : 'console.settings.passwords.set')}
          </button>
        </span>
      )}
    </FormField>
  );
}

/** The results and admission passwords: set or changed one at a time, never shown. */
export function PasswordsSection({ settings, t }: Props) {
  return (
    <section className="console-panel settings-section" id="settings-password" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title">{t('console.settings.passwords.title')}</h2>
      <p className="console-hint">{t('console.settings.passwords.hint')}</p>
      {PASSWORD_KINDS.map((kind) => <PasswordForm key={kind} kind={kind} isSet={settings.passwords[kind]} t={t} />)}
      <PasswordStatus t={t} />
    </section>
  );
}

/** What the last password save answered: saved, or a refusal that names no field. */
function PasswordStatus({ t }: { t: Translate }) {
  const state = useStore($sections).password;
  return (
    <>
      <p role="status" className="console-note">{state?.kind === 'saved' ? t('console.settings.passwords.saved') : ''}</p>
      {state?.kind === 'failed' && state.failure.field !== 'password' && <ControlFailure failure={state.failure} t={t} />}
    </>
  );
}
