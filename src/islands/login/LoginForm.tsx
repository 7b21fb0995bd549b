import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { Platform } from '~/contracts/event-settings';
import { landingPath, NARROW_MAX_WIDTH, specialModeFrom, type LandingFacts } from '~/lib/landing';
import { createT, type Messages } from '~/lib/translate';
import { bindEvent, logout } from './session.store';
import { acceptTerms as storeAcceptance, afterLogin, passwordLogin, requestTwoFactorPin, type LoginFailure } from './login.store';
import { PinDialog } from './PinDialog';
import { RecoveryDialog } from './RecoveryDialog';
import { RegisterDialog } from './RegisterDialog';
import { TermsDialog } from './TermsDialog';
import { useOfflineReset } from './use-offline-reset';
import { ConfirmAgain } from './ConfirmAgain';

export interface LoginFormProps {
  eventId: number;
  isTwoFactor: boolean;
  isRegistrationOpen: boolean;
  /** The external registration form to embed; null opens the platform's own form (/register without JS). */
  registrationFrameUrl: string | null;
  /** The event's terms for the own sign-up form, sanitised on the server. */
  registrationTermsHtml?: string | null;
  offersPlatformChoice: boolean;
  offersVisibility: boolean;
  landing: LandingFacts;
  /** /login/pwa always lands in the web app. */
  landingOverride?: string | undefined;
  defaultCountryPrefix: string;
  messages: Messages;
}

/** A text field of the form, '' when absent (FormData may also hold files). */
function field(form: HTMLFormElement | null, name: string): string {
  const value = new FormData(form ?? undefined).get(name);
  return typeof value === 'string' ? value : '';
}

interface Credentials {
  username: string;
  password: string;
  platform: Platform | null;
  visible: boolean | undefined;
}

type Status = 'idle' | 'loggingIn' | 'pin' | 'terms' | 'routing';
type FormError = LoginFailure | { reason: 'platformRequired' | 'emailRequired' | 'passwordRequired' | 'pinRequestFailed' | 'termsDeclined' | 'termsFailed' };

/** docs/product.md §2 login screen form and its modals; docs/product.md §4 login flow (two-factor, terms, routing). */
export default function LoginForm(props: LoginFormProps) {
  useOfflineReset();
  const { eventId, messages } = props;
  bindEvent(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  // The fields are uncontrolled and read on submit: what a password manager or a fast typist puts
  // into the server-rendered form before hydration must not be wiped. State keeps the submitted
  // copy for the pin step.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [visible, setVisible] = useState<boolean | undefined>(undefined);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<FormError | null>(null);
  const [pinId, setPinId] = useState<string | null>(null);
  const [terms, setTerms] = useState<{ html: string; userId: number; email: string } | null>(null);
  const [recoveryOpenings, setRecoveryOpenings] = useState(0);
  const [isRecoveryOpen, setRecoveryOpen] = useState(false);
  const [isRegisterOpen, setRegisterOpen] = useState(false);

  function route(chosen: Platform | null) {
    setStatus('routing');
    const path = props.landingOverride ?? landingPath(props.landing, chosen, globalThis.innerWidth, specialModeFrom(globalThis.location.search));
    globalThis.location.assign(path);
  }

  async function login(credentials: Credentials, pin?: string) {
    const { username, password, visible } = credentials;
    setStatus('loggingIn');
    const result = await passwordLogin({
      eventId, username, password, visible, pin, pinId: pin ? pinId ?? undefined : undefined,
    });
    if (!result.ok) {
      setStatus('idle');
      setError(result);
      return;
    }
    const next = await afterLogin(eventId, result.tokens, username);
    if (next.step === 'route') return route(credentials.platform);
    if (next.step === 'terms') {
      setTerms({ html: next.termsHtml, userId: next.userId, email: next.email });
      setStatus('terms');
      return;
    }
    setStatus('idle');
    setError({ reason: 'wrongCredentials' });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    setError(null);
    const form = formRef.current;
    const chosen = field(form, 'platform');
    const credentials: Credentials = {
      username: field(form, 'username').trim(), password: field(form, 'password'),
      platform: chosen === 'webApp' || chosen === 'digital' ? chosen : null,
      visible: props.offersVisibility ? field(form, 'visible') !== '0' : undefined,
    };
    setUsername(credentials.username);
    setPassword(credentials.password);
    setPlatform(credentials.platform);
    setVisible(credentials.visible);
    if (!credentials.username) return setError({ reason: 'emailRequired' });
    if (!credentials.password) return setError({ reason: 'passwordRequired' });
    const isWide = globalThis.innerWidth > NARROW_MAX_WIDTH;
    if (props.offersPlatformChoice && isWide && !credentials.platform) return setError({ reason: 'platformRequired' });
    if (!props.isTwoFactor) return login(credentials);
    setStatus('loggingIn');
    const requested = await requestTwoFactorPin(eventId, credentials.username);
    if (!requested) {
      setStatus('idle');
      return setError({ reason: 'pinRequestFailed' });
    }
    setPinId(requested);
    setStatus('pin');
  }

  async function acceptTerms() {
    if (!terms) return;
    setStatus('loggingIn');
    if (!(await storeAcceptance(eventId, terms.userId, terms.email, terms.html))) {
      setStatus('terms');
      return setError({ reason: 'termsFailed' });
    }
    setTerms(null);
    route(platform);
  }

  async function declineTerms() {
    // Without accepted terms there is no session: revoke it so a reload does not skip the terms.
    setTerms(null);
    setStatus('idle');
    setError({ reason: 'termsDeclined' });
    await logout({ reload: false });
  }

  const errorText = error && (error.reason === 'rateLimited'
    ? t('login.tooManyAttempts', { minutes: error.minutes })
    : t({
      wrongCredentials: 'login.wrongCredentials', expired: 'login.wrongCredentials', closed: 'login.closed', unconfirmed: 'login.unconfirmed',
      platformRequired: 'login.platformRequired', emailRequired: 'login.emailRequired', passwordRequired: 'login.passwordRequired',
      pinRequestFailed: 'twoFactor.requestFailed', termsDeclined: 'terms.mustAccept', termsFailed: 'terms.failed',
    }[error.reason]));
  const isBusy = status !== 'idle';

  return (
    <>
      <form ref={formRef} className="login-form" method="post" action="/login" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor="login-email">{t('login.email')}</label>
        <input id="login-email" name="username" type="email" autoComplete="username" required
          aria-invalid={error?.reason === 'emailRequired'} />
        <label htmlFor="login-password">{t('login.password')}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required
          aria-invalid={error?.reason === 'passwordRequired'} />
        {props.offersPlatformChoice && (
          <fieldset className="platform-choice" aria-invalid={error?.reason === 'platformRequired'}>
            <legend>{t('login.platformQuestion')}</legend>
            <label><input type="radio" name="platform" value="webApp" /> {t('login.platformInPerson')}</label>
            <label><input type="radio" name="platform" value="digital" /> {t('login.platformDigital')}</label>
          </fieldset>
        )}
        {props.offersVisibility && (
          <fieldset className="visibility">
            <legend>{t('login.visibility')}</legend>
            <label><input type="radio" name="visible" value="1" defaultChecked /> {t('login.visible')}</label>
            <label><input type="radio" name="visible" value="0" /> {t('login.hidden')}</label>
          </fieldset>
        )}
        <p className="login-error" role="alert">{errorText}</p>
        {error?.reason === 'unconfirmed' && <ConfirmAgain eventId={eventId} email={username} t={t} />}
        <button className="button" type="submit" disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? t('login.loggingIn') : t('login.submit')}
        </button>
        <div className="secondary-actions">
          <button type="button" className="button secondary" onClick={() => {
            setUsername(field(formRef.current, 'username').trim());
            setRecoveryOpenings((n) => n + 1);
            setRecoveryOpen(true);
          }}>
            {t('login.forgotPassword')}
          </button>
          {props.isRegistrationOpen && (props.registrationFrameUrl
            ? <button type="button" className="button secondary" onClick={() => setRegisterOpen(true)}>{t('login.register')}</button>
            : <a className="button secondary" href="/register" onClick={(event) => { event.preventDefault(); setRegisterOpen(true); }}>{t('login.register')}</a>)}
        </div>
      </form>
      <PinDialog
        isOpen={status === 'pin'} t={t}
        onSubmit={(pin) => void login({ username, password, platform, visible }, pin)}
        onCancel={() => { setStatus('idle'); setPinId(null); setError({ reason: 'wrongCredentials' }); }}
      />
      <TermsDialog termsHtml={terms?.html ?? null} isBusy={status !== 'terms'} t={t} onAccept={() => void acceptTerms()} onDecline={() => void declineTerms()} />
      {isRecoveryOpen && (
        <RecoveryDialog key={recoveryOpenings} eventId={eventId} initialEmail={username} defaultCountryPrefix={props.defaultCountryPrefix} t={t} onClose={() => setRecoveryOpen(false)} />
      )}
      {props.isRegistrationOpen && (
        <RegisterDialog
          isOpen={isRegisterOpen} frameUrl={props.registrationFrameUrl} eventId={eventId} termsHtml={props.registrationTermsHtml ?? null}
          messages={messages} t={t} onClose={() => setRegisterOpen(false)}
        />
      )}
    </>
  );
}
