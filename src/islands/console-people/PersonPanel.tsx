import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ConsolePerson, PersonInput } from '~/contracts/console-people';
import { ConfirmDialog } from '~/islands/console/ConfirmDialog';
import type { ControlFailure } from '~/islands/console/console.store';
import { failureText } from '~/islands/console/control-failure';
import { FormField } from '~/islands/console/FormField';
import type { Translate } from '~/lib/translate';
import { $busy, removePerson, savePerson, sendLoginLink, sendPasswordMail, setCheckedIn, setHidden, setOrganiser, type Outcome } from './people.store';

interface Props {
  person: ConsolePerson | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
  t: Translate;
}

const FIELDS = ['firstName', 'lastName', 'email', 'company', 'jobTitle', 'phone'] as const;
type Field = (typeof FIELDS)[number];
const MAX: Record<Field, number> = { firstName: 100, lastName: 100, email: 254, company: 200, jobTitle: 200, phone: 40 };

const draftOf = (p: ConsolePerson | undefined): PersonInput => ({
  firstName: p?.firstName ?? '', lastName: p?.lastName ?? '', email: p?.email ?? '', company: p?.company ?? '', jobTitle: p?.jobTitle ?? '', phone: p?.phone ?? '',
});

/** One attendee: their fields, and what an organiser does for them (check in, hide, organiser, mails, delete). */
export function PersonPanel({ person, onClose, onCreated, t }: Props) {
  const busy = useStore($busy);
  const [draft, setDraft] = useState<PersonInput>(() => draftOf(person));
  const [failure, setFailure] = useState<ControlFailure | null>(null);
  const [done, setDone] = useState('');
  const [asking, setAsking] = useState(false);
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';

  const outcome = <T,>(result: Outcome<T>, message: string): result is { ok: true; value: T } => {
    setFailure(result.ok ? null : result.failure);
    setDone(result.ok ? message : '');
    return result.ok;
  };
  const fieldError = (field: Field) => (failure && failure.field === field ? t(`console.people.errors.${field}`) : undefined);

  const save = async () => {
    const result = await savePerson(person?.id ?? null, draft);
    if (outcome(result, t('console.people.saved')) && !person) onCreated(result.value.id);
  };

  return (
    <section className="console-panel" aria-labelledby="person-title">
      <h2 id="person-title">{person ? t('console.people.editTitle', { name }) : t('console.people.newTitle')}</h2>
      <form className="console-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        {FIELDS.map((field) => (
          <FormField key={field} id={`person-${field}`} label={t(`console.people.${field}`)} error={fieldError(field)}>
            {(control) => (
              <input {...control} type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'} maxLength={MAX[field]} autoComplete="off"
                value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
            )}
          </FormField>
        ))}
        <div className="console-actions">
          <button type="submit" className="button" disabled={busy}>{busy ? t('console.rows.saving') : t('console.rows.save')}</button>
          <button type="button" className="button secondary" onClick={onClose}>{t('console.rows.cancel')}</button>
        </div>
      </form>
      {person && (
        <div className="console-actions" role="group" aria-label={t('console.people.actions', { name })}>
          <button type="button" className="button secondary" disabled={busy}
            onClick={() => void setCheckedIn(person.id, person.checkedInAt === null).then((r) => outcome(r, t(person.checkedInAt === null ? 'console.people.checkedInDone' : 'console.people.checkedOutDone')))}>
            {t(person.checkedInAt === null ? 'console.people.checkIn' : 'console.people.checkOut')}
          </button>
          <button type="button" className="button secondary" disabled={busy}
            onClick={() => void setHidden(person.id, !person.hidden).then((r) => outcome(r, t(person.hidden ? 'console.people.shownDone' : 'console.people.hiddenDone')))}>
            {t(person.hidden ? 'console.people.show' : 'console.people.hide')}
          </button>
          <button type="button" className="button secondary" disabled={busy}
            onClick={() => void setOrganiser(person.id, !person.organiser).then((r) => outcome(r, t(person.organiser ? 'console.people.unmarkedDone' : 'console.people.markedDone')))}>
            {t(person.organiser ? 'console.people.unmarkOrganiser' : 'console.people.markOrganiser')}
          </button>
          <button type="button" className="button secondary" disabled={busy}
            onClick={() => void sendLoginLink(person.id).then((r) => outcome(r, t('console.people.linkSent', { email: person.email })))}>
            {t('console.people.sendLink')}
          </button>
          <button type="button" className="button secondary" disabled={busy}
            onClick={() => void sendPasswordMail(person.id).then((r) => outcome(r, t('console.people.passwordSent', { email: person.email })))}>
            {t('console.people.sendPassword')}
          </button>
          <button type="button" className="button secondary console-danger" disabled={busy} onClick={() => setAsking(true)}>{t('console.rows.delete')}</button>
        </div>
      )}
      <p className="console-hint" role="status">{done}</p>
      {failure && (
        <p className="console-error" role="alert">
          {failure.code === 'attendee.last_organiser' ? t('console.people.lastOrganiser') : failure.code === 'attendee.exists' ? t('console.people.emailTaken') : failureText(failure, t)}
        </p>
      )}
      <ConfirmDialog t={t} onClose={() => setAsking(false)}
        question={asking && person ? { title: t('console.people.deleteTitle', { name }), text: t('console.people.deleteText'), confirm: t('console.rows.delete') } : null}
        onConfirm={() => { if (person) void removePerson(person.id).then((r) => { if (outcome(r, '')) onClose(); }); }} />
    </section>
  );
}
