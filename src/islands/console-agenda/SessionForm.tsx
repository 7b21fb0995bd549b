import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { ConsoleAgenda } from '~/contracts/console-agenda';
import { formatDay } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import type { AgendaFailure } from './agenda.store';
import { FORM_FIELDS, type FormField, type SessionFormState } from './session-form';
import { SpeakerPicker } from './SpeakerPicker';

interface Props {
  agenda: ConsoleAgenda;
  /** Null: a new session. */
  editing: { title: string; booked: number } | null;
  form: SessionFormState;
  onChange: (form: SessionFormState) => void;
  failure: AgendaFailure | undefined;
  /** Moves the focus to the refused field each time it changes. */
  failureCount: number;
  busy: boolean;
  locale: string;
  onSubmit: () => void;
  onCancel: () => void;
  t: Translate;
}

/** What a refusal that names no field tells the organiser, by its status (anything unknown: try again). */
export function failedText(failure: AgendaFailure, t: Translate): string {
  const key = `console.agenda.failed.${failure.status}`;
  const text = t(key);
  return text === key ? t('console.agenda.failed.500') : text;
}

/** The text under a refused field: its own words for each field, and the seats booked for a seat limit under them. */
export function fieldError(failure: AgendaFailure | undefined, field: FormField, t: Translate): string | undefined {
  if (!failure || failure.field !== field) return undefined;
  if (field === 'seatLimit' && failure.booked !== undefined && failure.status === 409) return t('console.agenda.errors.seatLimitBooked', { count: failure.booked });
  return t(`console.agenda.errors.${field}`);
}

/** The session's fields, each with its label, hint and error beside it (described by both, marked invalid). */
export function SessionForm({ agenda, editing, form, onChange, failure, failureCount, busy, locale, onSubmit, onCancel, t }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof SessionFormState>(key: K, value: SessionFormState[K]) => onChange({ ...form, [key]: value });
  const refused = FORM_FIELDS.find((field) => fieldError(failure, field, t) !== undefined);

  useEffect(() => {
    if (failureCount === 0 || !refused) return;
    formRef.current?.querySelector<HTMLElement>(`[data-field="${refused}"]`)?.focus();
  }, [failureCount, refused]);

  const described = (field: FormField, hint?: boolean, group?: boolean, extra = '') => ({
    'aria-invalid': group ? undefined : fieldError(failure, field, t) !== undefined || undefined,
    'aria-describedby': [hint ? `${id}-${field}-hint` : '', extra, fieldError(failure, field, t) ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined,
    'data-field': field,
  });
  const errorOf = (field: FormField): ReactNode => {
    const text = fieldError(failure, field, t);
    return text && <p className="console-error" id={`${id}-${field}-error`}>{text}</p>;
  };
  const general = failure && !refused && failure.field !== 'confirmBooked' ? failedText(failure, t) : undefined;
  /** The wall time a datetime input holds, written out in the page's language (the input shows the browser's; docs/agenda.md "Date inputs"). */
  const chosen = (field: 'start' | 'end') => {
    const value = form[field];
    const text = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? t('console.agenda.chosenTime', { day: formatDay(value.slice(0, 10), 'chosenDay', locale), time: value.slice(11) }) : '';
    return <span id={`${id}-${field}-chosen`} className="chosen-day">{text}</span>;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const heading = editing ? t('console.agenda.form.editTitle', { title: editing.title }) : t('console.agenda.form.newTitle');

  return (
    <form ref={formRef} className="console-form console-agenda-form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`} tabIndex={-1} data-testid="agenda-form-heading">{heading}</h2>
      {editing && editing.booked > 0 && <p className="console-hint">{t('console.agenda.form.bookedNote', { count: editing.booked })}</p>}

      <label htmlFor={`${id}-title`}>{t('console.agenda.fields.title')}</label>
      <input id={`${id}-title`} type="text" autoComplete="off" value={form.title} onChange={(e) => set('title', e.target.value)} {...described('title')} />
      {errorOf('title')}

      <label htmlFor={`${id}-description`}>{t('console.agenda.fields.description')}</label>
      <p className="console-hint" id={`${id}-description-hint`}>{t('console.agenda.hints.description')}</p>
      <textarea id={`${id}-description`} rows={4} value={form.description} onChange={(e) => set('description', e.target.value)} {...described('description', true)} />
      {errorOf('description')}

      <p className="console-hint" id={`${id}-start-hint`}>{t('console.agenda.hints.times', { zone: agenda.timeZone })}</p>
      <div className="console-agenda-times">
        <div>
          <label htmlFor={`${id}-start`}>{t('console.agenda.fields.start')}</label>
          <input id={`${id}-start`} type="datetime-local" value={form.start} onChange={(e) => set('start', e.target.value)} {...described('start', true, false, `${id}-start-chosen`)} />
          {chosen('start')}
          {errorOf('start')}
        </div>
        <div>
          <label htmlFor={`${id}-end`}>{t('console.agenda.fields.end')}</label>
          <input id={`${id}-end`} type="datetime-local" value={form.end} onChange={(e) => set('end', e.target.value)} {...described('end', false, false, `${id}-end-chosen`)} />
          {chosen('end')}
          {errorOf('end')}
        </div>
      </div>

      <label htmlFor={`${id}-room`}>{t('console.agenda.fields.room')}</label>
      <select id={`${id}-room`} value={form.trackId} onChange={(e) => set('trackId', e.target.value)} {...described('trackId')}>
        <option value="">{t('console.agenda.none')}</option>
        {agenda.rooms.map((room) => <option key={room.id} value={room.id}>{room.name}</option>)}
      </select>
      {errorOf('trackId')}

      {agenda.categories.length > 0 && (
        <fieldset className="console-platforms" {...described('categoryIds', false, true)} tabIndex={-1}>
          <legend>{t('console.agenda.fields.categories')}</legend>
          {agenda.categories.map((category) => (
            <label key={category.id} className="console-check">
              <input type="checkbox" checked={form.categoryIds.includes(category.id)}
                onChange={(e) => set('categoryIds', e.target.checked ? [...form.categoryIds, category.id] : form.categoryIds.filter((c) => c !== category.id))} />
              {category.name}
            </label>
          ))}
        </fieldset>
      )}
      {errorOf('categoryIds')}

      <label htmlFor={`${id}-stream`}>{t('console.agenda.fields.liveUrl')}</label>
      <p className="console-hint" id={`${id}-liveUrl-hint`}>{t('console.agenda.hints.liveUrl')}</p>
      <input id={`${id}-stream`} type="text" inputMode="url" autoComplete="off" value={form.liveUrl} onChange={(e) => set('liveUrl', e.target.value)} {...described('liveUrl', true)} />
      {errorOf('liveUrl')}

      <label htmlFor={`${id}-seats`}>{t('console.agenda.fields.seatLimit')}</label>
      <p className="console-hint" id={`${id}-seatLimit-hint`}>{t('console.agenda.hints.seatLimit')}</p>
      <input id={`${id}-seats`} type="number" inputMode="numeric" min={1} step={1} value={form.seatLimit} onChange={(e) => set('seatLimit', e.target.value)}
        {...described('seatLimit', true)} />
      {errorOf('seatLimit')}

      <SpeakerPicker speakers={agenda.speakers} chosen={form.speakerIds} onChange={(ids) => set('speakerIds', ids)} invalid={described('speakerIds')} t={t} />
      {errorOf('speakerIds')}

      {general && <p className="console-error" role="alert">{general}</p>}
      <div className="console-actions">
        <button type="submit" className="button primary" disabled={busy}>{editing ? t('console.agenda.form.save') : t('console.agenda.form.create')}</button>
        <button type="button" className="button secondary" onClick={onCancel}>{t('console.agenda.form.cancel')}</button>
      </div>
    </form>
  );
}
