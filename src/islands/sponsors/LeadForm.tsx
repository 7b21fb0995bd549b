import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { LeadField } from '~/contracts/sponsors';
import { validateLead, type LeadValues } from '~/lib/lead-form';
import { createT, type Messages } from '~/lib/translate';
import { sendLead } from './sponsors.store';

export interface LeadFormProps {
  eventId: number;
  sponsorId: number;
  sponsorName: string;
  /** What the server saw on a no-JavaScript POST: values, broken fields, or success. */
  initialValues: LeadValues;
  initialInvalid: LeadField[];
  initialError: 'rateLimited' | 'failed' | null;
  isSent: boolean;
  /** The locale's `leadForm` section. */
  messages: Messages;
}

const FIELDS: { name: LeadField; type: 'text' | 'email' | 'textarea'; autoComplete: string; isRequired: boolean }[] = [
  { name: 'firstName', type: 'text', autoComplete: 'given-name', isRequired: true },
  { name: 'lastName', type: 'text', autoComplete: 'family-name', isRequired: true },
  { name: 'email', type: 'email', autoComplete: 'email', isRequired: false },
  { name: 'company', type: 'text', autoComplete: 'organization', isRequired: true },
  { name: 'description', type: 'textarea', autoComplete: 'off', isRequired: true },
];

/**
 * docs/product.md §2/§5 public lead form. It is a plain POST form the server validates; once hydrated it
 * checks the same rules in the browser and sends without a page load.
 */
export default function LeadForm(props: LeadFormProps) {
  const { eventId, sponsorId, sponsorName } = props;
  const t = useMemo(() => createT(props.messages), [props.messages]);
  const [values, setValues] = useState(props.initialValues);
  const [invalid, setInvalid] = useState<LeadField[]>(props.initialInvalid);
  const [error, setError] = useState(props.initialError);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>(props.isSent ? 'sent' : 'idle');
  const summary = useRef<HTMLDivElement>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateLead(values);
    setError(null);
    setInvalid(checked.invalid);
    if (!checked.lead) { summary.current?.focus(); return; }
    setStatus('sending');
    const outcome = await sendLead(eventId, sponsorId, checked.lead);
    if (outcome === 'sent') { setStatus('sent'); return; }
    setError(outcome);
    setStatus('idle');
  }

  if (status === 'sent') {
    return (
      <div className="lead-thanks" role="status">
        <h2>{t('leadForm.thankYouTitle')}</h2>
        <p>{t('leadForm.thankYou', { name: sponsorName })}</p>
        <a className="button secondary" href={`/sponsor/${sponsorId}/contactForm`}
          onClick={(e) => { e.preventDefault(); setValues({ firstName: '', lastName: '', email: '', company: '', description: '' }); setStatus('idle'); }}>
          {t('leadForm.sendAnother')}
        </a>
      </div>
    );
  }

  const hasProblems = invalid.length > 0 || error !== null;
  return (
    <form className="lead-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <div ref={summary} tabIndex={-1} role={hasProblems ? 'alert' : undefined} className="lead-summary">
        {invalid.length > 0 && <p>{t('leadForm.errorSummary')}</p>}
        {error && <p>{t(`leadForm.errors.${error}`)}</p>}
      </div>
      {FIELDS.map((f) => {
        const isInvalid = invalid.includes(f.name);
        const id = `lead-${f.name}`;
        const common = {
          id, name: f.name, value: values[f.name], autoComplete: f.autoComplete, required: f.isRequired,
          'aria-invalid': isInvalid, 'aria-describedby': isInvalid ? `${id}-error` : undefined,
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
        };
        return (
          <div key={f.name} className="lead-field">
            <label htmlFor={id}>{t(`leadForm.${f.name}`)} <span className="lead-hint">{f.isRequired ? t('leadForm.required') : t('leadForm.optional')}</span></label>
            {f.type === 'textarea' ? <textarea rows={5} maxLength={4000} {...common} /> : <input type={f.type} maxLength={f.name === 'email' ? 320 : 200} {...common} />}
            {isInvalid && <p id={`${id}-error`} className="lead-error">{t(`leadForm.errors.${f.name}`)}</p>}
          </div>
        );
      })}
      <button type="submit" className="button" disabled={status === 'sending'}>{status === 'sending' ? t('leadForm.sending') : t('leadForm.submit')}</button>
    </form>
  );
}
