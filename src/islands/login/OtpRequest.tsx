import { useMemo, useState } from 'react';
import { createT, type Messages } from '~/lib/translate';
import { resendPasswordless } from './login.store';
import { useOfflineReset } from './use-offline-reset';

interface Props {
  eventId: number;
  payload: string;
  messages: Messages;
}

type State = 'idle' | 'loading' | 'succeeded' | 'failed';

/** docs/product.md §4 passwordless request: idle, loading, succeeded (buttons stay disabled) or failed. */
export default function OtpRequest({ eventId, payload, messages }: Props) {
  useOfflineReset();
  const t = useMemo(() => createT(messages), [messages]);
  const [state, setState] = useState<State>('idle');

  async function request(deliveryMethod: 'email' | 'sms') {
    setState('loading');
    setState((await resendPasswordless(eventId, deliveryMethod, payload)) ? 'succeeded' : 'failed');
  }

  const isDisabled = state === 'loading' || state === 'succeeded';
  return (
    <div className="otp-request">
      <p>{t('passwordless.requestHint')}</p>
      <div className="dialog-actions">
        <button type="button" className="button" disabled={isDisabled} onClick={() => void request('email')}>{t('passwordless.byEmail')}</button>
        <button type="button" className="button secondary" disabled={isDisabled} onClick={() => void request('sms')}>{t('passwordless.bySms')}</button>
      </div>
      <div role="status" aria-live="polite">
        {state === 'loading' && <p>{t('passwordless.sending')}</p>}
        {state === 'succeeded' && <p className="notice success">{t('passwordless.succeeded')}</p>}
        {state === 'failed' && <p className="notice error">{t('passwordless.failed')}</p>}
      </div>
      <a href="/login">{t('passwordless.backToLogin')}</a>
    </div>
  );
}
