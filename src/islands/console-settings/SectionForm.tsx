import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { ControlFailure } from '~/islands/console/ControlFailure';
import { failureText } from '~/islands/console/control-failure';
import type { Translate } from '~/lib/translate';
import { $sections, type SettingsSection } from './settings.store';

interface Props {
  section: SettingsSection;
  title: string;
  hint?: string;
  /** The fields this form has: a refusal naming one shows under it, any other at the foot of the form. */
  fields: readonly string[];
  onSubmit: () => void;
  t: Translate;
  children: ReactNode;
}

/**
 * The refusal naming `field` (or a part of it, `features.lobbyAgenda`) of the section's last save,
 * as text: a 400 names the field by `label` (the one its form shows), anything else says what to do.
 */
export function useFieldError(section: SettingsSection, t: Translate): (field: string, label?: string) => string | undefined {
  const state = useStore($sections)[section];
  return (field, label) => {
    if (state?.kind !== 'failed') return undefined;
    const named = state.failure.field;
    if (named !== field && !named?.startsWith(`${field}.`)) return undefined;
    return state.failure.status === 400 && label ? t('console.errors.invalid', { field: label }) : failureText(state.failure, t);
  };
}

/** One section of the Settings page: its heading, its fields, Save, and what the save answered. */
export function SectionForm({ section, title, hint, fields, onSubmit, t, children }: Props) {
  const state = useStore($sections)[section] ?? { kind: 'idle' };
  const named = state.kind === 'failed' ? state.failure.field : undefined;
  const elsewhere = state.kind === 'failed' && !fields.some((f) => named === f || named?.startsWith(`${f}.`));
  return (
    <section className="console-panel settings-section" id={`settings-${section}`} aria-labelledby={`settings-${section}-title`}>
      <h2 id={`settings-${section}-title`}>{title}</h2>
      {hint && <p className="console-hint">{hint}</p>}
      <form noValidate onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
        {children}
        <div className="settings-actions">
          <button type="submit" className="button" disabled={state.kind === 'saving'}>
            {state.kind === 'saving' ? t('console.rows.saving') : t('console.rows.save')}
          </button>
          <p role="status" className="console-note">{state.kind === 'saved' ? t('console.settings.saved') : state.kind === 'uploaded' ? t('console.rows.uploaded') : ''}</p>
        </div>
        {elsewhere && <ControlFailure failure={state.kind === 'failed' ? state.failure : undefined} t={t} />}
      </form>
    </section>
  );
}
