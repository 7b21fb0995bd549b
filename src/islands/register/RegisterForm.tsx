import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { firstErrorField, registrationErrors, type RegistrationDraft, type RegistrationErrors, type RegistrationField } from '~/lib/registration-rules';
import { createT, type Messages } from '~/lib/translate';
import { sendRegistration } from './register.store';

export type RegisterStatus = 'idle' | 'sending' | 'received' | 'closed' | 'limited' | 'failed';

export interface RegisterFormProps {
  eventId: number;
  /** The event's terms, sanitised on the server; null when it has none. */
  termsHtml: string | null;
  /** What the server kept from a no-JS post (never the password) and its verdict. */
  values?: Partial<RegistrationDraft> | undefined;
  errors?: RegistrationErrors | undefined;
  status?: RegisterStatus | undefined;
  messages: Messages;
}

const EMPTY: RegistrationDraft = {
  firstName: '', lastName: '', email: '', company: '', jobTitle: '', phone: '',
  loginMethod: 'password', password: '', acceptTerms: false, visibility: 'visible',
};

/**
 * The sign-up form. Without JavaScript it is a plain POST to /register, which
 * validates on the server and renders this form again with the errors; with it, the same
 * rules run here first and the form posts to the API.
 */
export function RegisterForm({ eventId, termsHtml, values, errors: serverErrors, status: serverStatus, messages }: RegisterFormProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const [draft, setDraft] = useState<RegistrationDraft>({ ...EMPTY, ...values, password: '' });
  const [errors, setErrors] = useState<RegistrationErrors>(serverErrors ?? {});
  const [status, setStatus] = useState<RegisterStatus>(serverStatus ?? 'idle');
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: RegistrationField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
    setDraft({ ...draft, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const focusFirst = (found: RegistrationErrors) => {
    const field = firstErrorField(found);
    if (field) form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
  };

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (status === 'sending') return;
    const found = registrationErrors(draft, { hasTerms: termsHtml !== null });
    setErrors(found);
    if (firstErrorField(found)) return focusFirst(found);
    setStatus('sending');
    const result = await sendRegistration(eventId, draft, honeypot.current?.value ?? '');
    if (result.kind === 'invalid') {
      setErrors(result.errors);
      setStatus('idle');
      return focusFirst(result.errors);
    }
    setStatus(result.kind);
  }

  if (status === 'received') {
    return <p className="notice success register-received" role="status">{t('registration.received', { email: draft.email })}</p>;
  }

  const field = (name: RegistrationField, type: string, autoComplete: string, isRequired = true) => {
    const id = `register-${name}`;
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={id}>{t(`registration.fields.${name}`)}{!isRequired && ` ${t('registration.optional')}`}</label>
        <input
          id={id} name={name} type={type} autoComplete={autoComplete} required={isRequired}
          value={String(draft[name])} onChange={set(name)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <p id={`${id}-error`} className="field-error">{t(`registration.errors.${error}`)}</p>}
      </div>
    );
  };

  return (
    <form ref={form} className="register-form" method="post" action="/register" noValidate onSubmit={(event) => void submit(event)}>
      {field('firstName', 'text', 'given-name')}
      {field('lastName', 'text', 'family-name')}
      {field('email', 'email', 'email')}
      {field('company', 'text', 'organization')}
      {field('jobTitle', 'text', 'organization-title')}
      {field('phone', 'tel', 'tel', false)}
      <fieldset>
        <legend>{t('registration.loginMethod')}</legend>
        <label><input type="radio" name="loginMethod" value="password" checked={draft.loginMethod === 'password'} onChange={set('loginMethod')} /> {t('registration.usePassword')}</label>
        <label><input type="radio" name="loginMethod" value="link" checked={draft.loginMethod === 'link'} onChange={set('loginMethod')} /> {t('registration.useLink')}</label>
      </fieldset>
      {draft.loginMethod === 'password' && field('password', 'password', 'new-password')}
      <fieldset>
        <legend>{t('registration.visibility')}</legend>
        <label><input type="radio" name="visibility" value="visible" checked={draft.visibility === 'visible'} onChange={set('visibility')} /> {t('registration.visible')}</label>
        <label><input type="radio" name="visibility" value="hidden" checked={draft.visibility === 'hidden'} onChange={set('visibility')} /> {t('registration.hidden')}</label>
      </fieldset>
      {termsHtml !== null && (
        <div className="field">
          <div className="register-terms" tabIndex={0} role="region" aria-label={t('registration.termsTitle')} dangerouslySetInnerHTML={{ __html: termsHtml }} />
          <label className="checkbox">
            <input type="checkbox" name="acceptTerms" value="1" checked={draft.acceptTerms} onChange={set('acceptTerms')}
              aria-invalid={errors.acceptTerms ? true : undefined} aria-describedby={errors.acceptTerms ? 'register-acceptTerms-error' : undefined} />
            {' '}{t('registration.acceptTerms')}
          </label>
          {errors.acceptTerms && <p id="register-acceptTerms-error" className="field-error">{t(`registration.errors.${errors.acceptTerms}`)}</p>}
        </div>
      )}
      {/* A field people never see: bots fill it in, and their sign-up is dropped. */}
      <div className="register-hp" aria-hidden="true">
        <label htmlFor="register-website">{t('registration.honeypot')}</label>
        <input ref={honeypot} id="register-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div role="status" aria-live="polite">
        {status === 'closed' && <p className="notice error">{t('registration.closed')}</p>}
        {status === 'limited' && <p className="notice error">{t('registration.limited')}</p>}
        {status === 'failed' && <p className="notice error">{t('registration.failed')}</p>}
      </div>
      <button type="submit" className="button" disabled={status === 'sending'}>
        {status === 'sending' ? t('registration.sending') : t('registration.submit')}
      </button>
    </form>
  );
}
