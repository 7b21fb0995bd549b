import { useEffect, useMemo, useRef, useState } from 'react';
import { createT, type Messages } from '~/lib/translate';
import { bindEvent, logout } from './session.store';
import { acceptTerms, afterLogin, otpLogin } from './login.store';
import { TermsDialog } from './TermsDialog';

interface Props {
  eventId: number;
  token: string;
  payload: string;
  /** The link's public flag: profile visibility chosen at registration; absent leaves it as is. */
  visible: boolean | undefined;
  messages: Messages;
}

type State = 'loggingIn' | 'terms' | 'expired' | 'failed' | 'declined';

/** docs/product.md §2 /login/otp/{payload}: passwordless login with the link's one-time token, then the web app. */
export default function OtpLogin({ eventId, token, payload, visible, messages }: Props) {
  bindEvent(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  const [state, setState] = useState<State>('loggingIn');
  const [terms, setTerms] = useState<{ html: string; userId: number; email: string } | null>(null);
  const hasStarted = useRef(false);

  useEffect(() => {
    // The token is single-use: never send it twice (React may run effects twice in development).
    if (hasStarted.current) return;
    hasStarted.current = true;
    void (async () => {
      const result = await otpLogin(eventId, token, visible);
      if (!result.ok) return setState(result.reason === 'rateLimited' ? 'failed' : 'expired');
      const next = await afterLogin(eventId, result.tokens);
      if (next.step === 'route') return globalThis.location.assign('/webapp');
      if (next.step === 'failed') return setState('failed');
      setTerms({ html: next.termsHtml, userId: next.userId, email: next.email });
      setState('terms');
    })();
  }, [eventId, token, visible]);

  async function accept() {
    if (terms && (await acceptTerms(eventId, terms.userId, terms.email, terms.html))) globalThis.location.assign('/webapp');
  }

  async function decline() {
    setTerms(null);
    setState('declined');
    await logout({ reload: false });
  }

  const requestPath = `/login/otp/request/${encodeURIComponent(payload)}`;
  // The heading says what happened: an expired or refused link must not still read "Logging you in".
  const heading = t(state === 'expired' ? 'passwordless.expiredTitle' : state === 'failed' ? 'passwordless.failedTitle' : 'passwordless.title');
  useEffect(() => {
    document.title = document.title.replace(/^[^·]*·/, `${heading} ·`);
  }, [heading]);
  return (
    <div className="otp-login" aria-live="polite">
      <h1 id="auth-title">{heading}</h1>
      {state === 'loggingIn' && <p role="status">{t('passwordless.loggingIn')}</p>}
      {state === 'expired' && (
        <p className="notice error">
          <a href={requestPath}>{t('passwordless.expired')}</a>
        </p>
      )}
      {state === 'failed' && <p className="notice error">{t('passwordless.failed')}</p>}
      {state === 'declined' && <p className="notice error">{t('terms.mustAccept')}</p>}
      {(state === 'failed' || state === 'declined') && <a className="button secondary" href="/login">{t('passwordless.backToLogin')}</a>}
      <TermsDialog termsHtml={terms?.html ?? null} isBusy={false} t={t} onAccept={() => void accept()} onDecline={() => void decline()} />
    </div>
  );
}
