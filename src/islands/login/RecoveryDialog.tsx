import { useState } from 'react';
import { isEmail, isSmsPhone } from '~/lib/form-rules';
import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';
import { resetPasswordByEmail, resetPasswordBySms } from './login.store';

interface Props {
  eventId: number;
  initialEmail: string;
  defaultCountryPrefix: string;
  t: Translate;
  onClose: () => void;
}

type Method = 'email' | 'sms';
type SendState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * docs/product.md §2/§4 password recovery by e-mail or SMS: one send per opening (the parent remounts
 * this on each opening), with a loading state and the docs/product.md §8 success and failure texts.
 */
export function RecoveryDialog({ eventId, initialEmail, defaultCountryPrefix, t, onClose }: Props) {
  const [method, setMethod] = useState<Method>('email');
  const [email, setEmail] = useState(initialEmail);
  const [prefix, setPrefix] = useState(defaultCountryPrefix);
  const [phone, setPhone] = useState('');
  const [isTouched, setTouched] = useState(false);
  const [state, setState] = useState<SendState>('idle');
  const isValid = method === 'email' ? isEmail(email) : isSmsPhone(phone);

  async function send() {
    setTouched(true);
    if (!isValid || state !== 'idle') return;
    setState('sending');
    const isSent = method === 'email'
      ? await resetPasswordByEmail(eventId, email)
      : await resetPasswordBySms(eventId, prefix, phone);
    setState(isSent ? 'sent' : 'failed');
  }

  const errorId = 'recovery-error';
  const showError = isTouched && !isValid;
  return (
    <Dialog isOpen title={t('recovery.title')} onClose={onClose} closeLabel={t('login.close')}>
      <form className="dialog-form" noValidate onSubmit={(event) => { event.preventDefault(); void send(); }}>
        <fieldset className="choice" disabled={state !== 'idle'}>
          <legend>{t('recovery.method')}</legend>
          {(['email', 'sms'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="recovery-method" value={value} checked={method === value} onChange={() => { setMethod(value); setTouched(false); }} />
              {' '}{t(value === 'email' ? 'recovery.byEmail' : 'recovery.bySms')}
            </label>
          ))}
        </fieldset>
        {method === 'email' ? (
          <div className="field">
            <label htmlFor="recovery-email">{t('recovery.email')}</label>
            <input id="recovery-email" type="email" autoComplete="email" value={email} readOnly={state !== 'idle'}
              aria-invalid={showError} aria-describedby={showError ? errorId : undefined} onChange={(event) => setEmail(event.target.value)} />
          </div>
        ) : (
          <div className="phone-row">
            <div className="field prefix">
              <label htmlFor="recovery-prefix">{t('recovery.countryPrefix')}</label>
              <input id="recovery-prefix" inputMode="tel" autoComplete="tel-country-code" value={prefix} readOnly={state !== 'idle'} onChange={(event) => setPrefix(event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="recovery-phone">{t('recovery.phone')}</label>
              <input id="recovery-phone" type="tel" autoComplete="tel-national" value={phone} readOnly={state !== 'idle'}
                aria-invalid={showError} aria-describedby={showError ? errorId : undefined} onChange={(event) => setPhone(event.target.value)} />
            </div>
          </div>
        )}
        {showError && <p id={errorId} className="field-error">{t(method === 'email' ? 'recovery.emailInvalid' : 'recovery.phoneInvalid')}</p>}
        <div role="status" aria-live="polite">
          {state === 'sent' && <p className="notice success">{t(method === 'email' ? 'recovery.emailSent' : 'recovery.smsSent')}</p>}
          {state === 'failed' && <p className="notice error">{t('recovery.failed')}</p>}
        </div>
        <div className="dialog-actions">
          <button type="submit" className="button" disabled={state !== 'idle'}>
            {state === 'sending' ? t('recovery.sending') : t('recovery.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
