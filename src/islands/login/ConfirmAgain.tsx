import { useState } from 'react';
import type { Translate } from '~/lib/translate';
import { resendConfirmation } from './login.store';

/**
 * After `auth.unconfirmed`: the sign-up's password works once the mailed link was opened; this
 * asks for that link again (docs/registration.md).
 */
export function ConfirmAgain({ eventId, email, t }: { eventId: number; email: string; t: Translate }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  async function send() {
    setState('sending');
    setState((await resendConfirmation(eventId, email)) ? 'sent' : 'failed');
  }
  if (state === 'sent') return <p className="notice" role="status">{t('login.confirmationSent')}</p>;
  return (
    <p className="confirm-again">
      <button type="button" className="button secondary" disabled={state === 'sending'} aria-busy={state === 'sending'} onClick={() => void send()}>
        {t('login.sendConfirmation')}
      </button>
      {state === 'failed' && <span role="alert"> {t('login.confirmationFailed')}</span>}
    </p>
  );
}
