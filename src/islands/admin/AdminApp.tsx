import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminEventRow } from '~/contracts/platform-admin';
import { ApiError } from '~/islands/http/api-error';
import { adminEvents, adminSignIn, adminSignOut, createEvent, exportUrl, importEventFile, inviteOrganiser, type InviteForm as InviteBody } from './admin.store';
import { createT, type Messages, type Translate } from '~/lib/translate';
import { wallTextToUtc } from '~/lib/zoned-time';
import './admin.css';

/*
 * The operator's page, /admin (docs/operations.md "The operator's page"): log in with the admin
 * token, the platform's events with their attendee counts, a new event, its first organiser
 * invited, an event file exported or imported. The server checks every field; this island shows
 * each refusal next to its field.
 */

interface Props {
  messages: Messages;
  locale: 'en' | 'nb';
  signedIn: boolean;
  events: AdminEventRow[];
  timeZones: string[];
}

type Errors = Partial<Record<string, string>>;

/** The page's session is gone (a new ADMIN_TOKEN, the cookie cleared): reading the list again shows the login form. */
const sessionEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** A refusal as texts by field: the server names the field; a 401 means the session ended. */
function errorsOf(error: unknown, t: Translate, fields: readonly string[]): Errors {
  if (!(error instanceof ApiError)) return { form: t('admin.errors.failed') };
  if (sessionEnded(error)) return { form: t('admin.errors.sessionEnded') };
  if (error.code === 'admin.exists') return { slug: t('admin.errors.slugTaken') };
  const field = error.field?.split('.')[0];
  if (field && fields.includes(field)) return { [field]: t(`admin.errors.${field}`) };
  return { form: t('admin.errors.failed') };
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error: string | undefined; hint?: string; children: (control: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const name = id.split('-').at(-1) ?? id;
  return (
    <div className="field admin-field">
      <label htmlFor={id}>{label}</label>
      {hint && <p id={`${id}-hint`} className="admin-hint">{hint}</p>}
      {children({ id, name, 'aria-invalid': error !== undefined, 'aria-describedby': described })}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

function FormMessage({ error, done }: { error: string | undefined; done: string | undefined }) {
  return (
    <>
      <p className="admin-error" role="alert">{error ?? ''}</p>
      <p className="admin-done" role="status">{done ?? ''}</p>
    </>
  );
}

const formText = (form: HTMLFormElement, name: string): string => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
};

/** The host an event's links open: the page's own host with its first label replaced by the slug. */
const hostFor = (slug: string): string => {
  const [, ...rest] = window.location.host.split('.');
  return rest.length > 0 ? [slug, ...rest].join('.') : `${slug}.${window.location.host}`;
};

function SignIn({ t, onSignedIn }: { t: Translate; onSignedIn: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      await adminSignIn(formText(form, 'token'));
      form.reset();
      onSignedIn();
    } catch (failure) {
      const seconds = failure instanceof ApiError ? Number(failure.details['retryAfter'] ?? 0) : 0;
      setError(failure instanceof ApiError && failure.status === 401 ? t('admin.signIn.wrongToken')
        : failure instanceof ApiError && failure.status === 429 ? t('admin.signIn.limited', { seconds }) : t('admin.errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-card" aria-labelledby="admin-sign-in-title">
      <h2 id="admin-sign-in-title">{t('admin.signIn.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field id="admin-token" label={t('admin.signIn.token')} hint={t('admin.signIn.tokenHint')} error={error}>
          {(control) => <input {...control} name="token" type="password" autoComplete="current-password" required />}
        </Field>
        <button type="submit" className="button" disabled={busy}>{t('admin.signIn.submit')}</button>
      </form>
    </section>
  );
}

const INVITE_FIELDS = ['firstName', 'lastName', 'email', 'host'] as const;

function InviteForm({ t, row, onInvited }: { t: Translate; row: AdminEventRow; onInvited: () => Promise<void> }) {
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const prefix = `admin-invite-${row.slug}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = Object.fromEntries(INVITE_FIELDS.map((field) => [field, formText(form, field)])) as InviteBody;
    setBusy(true);
    setDone(undefined);
    try {
      await inviteOrganiser(row.slug, body);
      setErrors({});
      setDone(t('admin.invite.sent', { email: body.email }));
      form.reset();
      await onInvited();
    } catch (failure) {
      setErrors(errorsOf(failure, t, INVITE_FIELDS));
      if (sessionEnded(failure)) await onInvited();
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="admin-invite">
      <summary>{t('admin.invite.title')}</summary>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${t('admin.invite.title')}: ${row.name}`}>
        <div className="admin-pair">
          <Field id={`${prefix}-firstName`} label={t('admin.invite.firstName')} error={errors['firstName']}>
            {(control) => <input {...control} autoComplete="off" required />}
          </Field>
          <Field id={`${prefix}-lastName`} label={t('admin.invite.lastName')} error={errors['lastName']}>
            {(control) => <input {...control} autoComplete="off" required />}
          </Field>
        </div>
        <Field id={`${prefix}-email`} label={t('admin.invite.email')} error={errors['email']}>
          {(control) => <input {...control} type="email" autoComplete="off" required />}
        </Field>
        <Field id={`${prefix}-host`} label={t('admin.invite.host')} error={errors['host']}>
          {(control) => <input {...control} defaultValue={hostFor(row.slug)} autoComplete="off" spellCheck={false} required />}
        </Field>
        <button type="submit" className="button" disabled={busy}>{t('admin.invite.submit')}</button>
        <FormMessage error={errors['form']} done={done} />
      </form>
    </details>
  );
}

function EventList({ t, locale, events, onChanged }: { t: Translate; locale: 'en' | 'nb'; events: AdminEventRow[]; onChanged: () => Promise<void> }) {
  const date = (iso: string, timeZone: string) => new Intl.DateTimeFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', { dateStyle: 'medium', timeZone }).format(new Date(iso));
  return (
    <section className="admin-card" aria-labelledby="admin-events-title">
      <h2 id="admin-events-title">{t('admin.events.title')}</h2>
      {events.length === 0 ? <p>{t('admin.events.empty')}</p> : (
        <ul className="admin-events">
          {events.map((row) => (
            <li key={row.slug} aria-labelledby={`admin-event-${row.slug}`}>
              <div className="admin-event-head">
                <div>
                  <h3 id={`admin-event-${row.slug}`}>{row.name}</h3>
                  <p className="admin-meta">
                    <span>{row.slug}</span>
                    <span>{t('admin.events.dates', { start: date(row.start, row.timeZone), end: date(row.end, row.timeZone) })}</span>
                    <span>{t('admin.events.attendees', { count: row.attendees })}</span>
                  </p>
                </div>
                <a className="button secondary" href={exportUrl(row.slug)} download={`${row.slug}.event.json`}
                  aria-label={t('admin.events.exportLabel', { name: row.name })}>{t('admin.events.export')}</a>
              </div>
              <InviteForm t={t} row={row} onInvited={onChanged} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const EVENT_FIELDS = ['slug', 'host', 'name', 'language', 'timeZone', 'start', 'end', 'copyFrom'] as const;

function NewEventForm({ t, locale, events, timeZones, onCreated }: { t: Translate; locale: 'en' | 'nb'; events: AdminEventRow[]; timeZones: string[]; onCreated: () => Promise<void> }) {
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hostTouched = useRef(false);
  const hostInput = useRef<HTMLInputElement | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => formText(form, name).trim();
    const zone = field('timeZone');
    const instant = (name: 'start' | 'end') => {
      const at = wallTextToUtc(field(name), zone);
      return at === undefined ? '' : new Date(at).toISOString();
    };
    const body = { slug: field('slug'), host: field('host'), name: field('name'), language: field('language'), timeZone: zone, start: instant('start'), end: instant('end'), copyFrom: field('copyFrom') };
    const missing = (['start', 'end'] as const).find((name) => body[name] === '');
    if (missing) {
      setErrors({ [missing]: t(`admin.errors.${missing}`) });
      return;
    }
    setBusy(true);
    setDone(undefined);
    try {
      await createEvent(body);
      setErrors({});
      setDone(t('admin.create.created', { name: body.name }));
      form.reset();
      hostTouched.current = false;
      await onCreated();
    } catch (failure) {
      setErrors(errorsOf(failure, t, EVENT_FIELDS));
      if (sessionEnded(failure)) await onCreated();
    } finally {
      setBusy(false);
    }
  };
  const followSlug = (slug: string) => {
    if (!hostTouched.current && hostInput.current) hostInput.current.value = slug ? hostFor(slug.trim().toLowerCase()) : '';
  };
  return (
    <section className="admin-card" aria-labelledby="admin-create-title">
      <h2 id="admin-create-title">{t('admin.create.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field id="admin-new-name" label={t('admin.create.name')} error={errors['name']}>
          {(control) => <input {...control} autoComplete="off" required maxLength={200} />}
        </Field>
        <Field id="admin-new-slug" label={t('admin.create.slug')} hint={t('admin.create.slugHint')} error={errors['slug']}>
          {(control) => <input {...control} autoComplete="off" spellCheck={false} autoCapitalize="none" required onInput={(event) => followSlug(event.currentTarget.value)} />}
        </Field>
        <Field id="admin-new-host" label={t('admin.create.host')} hint={t('admin.create.hostHint')} error={errors['host']}>
          {(control) => <input {...control} ref={hostInput} autoComplete="off" spellCheck={false} autoCapitalize="none" required onInput={() => { hostTouched.current = true; }} />}
        </Field>
        <div className="admin-pair">
          <Field id="admin-new-language" label={t('admin.create.language')} error={errors['language']}>
            {(control) => (
              <select {...control} defaultValue={locale}>
                <option value="en">English</option>
                <option value="nb">Norsk bokmål</option>
              </select>
            )}
          </Field>
          <Field id="admin-new-timeZone" label={t('admin.create.timeZone')} error={errors['timeZone']}>
            {(control) => (
              <select {...control} defaultValue="Europe/Oslo">
                {timeZones.map((zone) => <option key={zone} value={zone}>{zone}</option>)}
              </select>
            )}
          </Field>
        </div>
        <div className="admin-pair">
          <Field id="admin-new-start" label={t('admin.create.start')} error={errors['start']}>
            {(control) => <input {...control} type="datetime-local" required />}
          </Field>
          <Field id="admin-new-end" label={t('admin.create.end')} error={errors['end']}>
            {(control) => <input {...control} type="datetime-local" required />}
          </Field>
        </div>
        <Field id="admin-new-copyFrom" label={t('admin.create.copyFrom')} hint={t('admin.create.copyHint')} error={errors['copyFrom']}>
          {(control) => (
            <select {...control} defaultValue="">
              <option value="">{t('admin.create.empty')}</option>
              {events.map((row) => <option key={row.slug} value={row.slug}>{t('admin.create.copy', { name: `${row.name} (${row.slug})` })}</option>)}
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>{t('admin.create.submit')}</button>
        <FormMessage error={errors['form']} done={done} />
      </form>
    </section>
  );
}

function ImportForm({ t, onImported }: { t: Translate; onImported: () => Promise<void> }) {
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get('file');
    setDone(undefined);
    if (!(file instanceof File) || file.size === 0) {
      setError(t('admin.importFile.missing'));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setError(t('admin.importFile.notJson'));
      return;
    }
    setBusy(true);
    try {
      await importEventFile(body);
      setError(undefined);
      const slug = typeof body === 'object' && body !== null && 'slug' in body ? String(body.slug) : file.name;
      setDone(t('admin.importFile.done', { slug }));
      form.reset();
      await onImported();
    } catch (failure) {
      setError(sessionEnded(failure) ? t('admin.errors.sessionEnded')
        : failure instanceof ApiError && failure.field ? t('admin.errors.file', { field: failure.field })
          : failure instanceof ApiError && failure.status === 400 ? t('admin.importFile.notJson') : t('admin.errors.failed'));
      // Reading the list again shows the login form.
      if (sessionEnded(failure)) await onImported();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-card" aria-labelledby="admin-import-title">
      <h2 id="admin-import-title">{t('admin.importFile.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field id="admin-import-file" label={t('admin.importFile.file')} hint={t('admin.importFile.hint')} error={error}>
          {(control) => <input {...control} type="file" accept="application/json,.json" required />}
        </Field>
        <button type="submit" className="button" disabled={busy}>{t('admin.importFile.submit')}</button>
        <p className="admin-done" role="status">{done ?? ''}</p>
      </form>
    </section>
  );
}

export function AdminApp({ messages, locale, signedIn: initiallySignedIn, events: initialEvents, timeZones }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  const [signedIn, setSignedIn] = useState(initiallySignedIn);
  const [events, setEvents] = useState(initialEvents);
  const [loadError, setLoadError] = useState<string>();

  const reload = async () => {
    try {
      setEvents(await adminEvents());
      setLoadError(undefined);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) setSignedIn(false);
      setLoadError(errorsOf(failure, t, [])['form']);
    }
  };

  if (!signedIn) {
    return (
      <>
        {loadError && <p className="admin-error" role="alert">{loadError}</p>}
        <SignIn t={t} onSignedIn={() => { setSignedIn(true); void reload(); }} />
      </>
    );
  }
  return (
    <>
      <p className="admin-sign-out">
        <button type="button" className="button secondary" onClick={() => { void adminSignOut().then(() => { setSignedIn(false); setEvents([]); setLoadError(undefined); }); }}>{t('admin.signOut')}</button>
      </p>
      {loadError && <p className="admin-error" role="alert">{loadError}</p>}
      <EventList t={t} locale={locale} events={events} onChanged={reload} />
      <NewEventForm t={t} locale={locale} events={events} timeZones={timeZones} onCreated={reload} />
      <ImportForm t={t} onImported={reload} />
    </>
  );
}
