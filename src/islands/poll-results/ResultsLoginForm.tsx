import { useId, useMemo, useState } from 'react';
import { ApiError } from '~/islands/http/api-error';
import { createT, type Messages } from '~/lib/translate';
import { connectParticipant, connectPoll } from './results.store';

export interface ResultsLoginFormProps {
  kind: 'poll' | 'participant';
  /** The poll's (or template's) access key of a keyed login; absent on the generic one. */
  pollAccessKey?: string | undefined;
  /** Where a successful login goes. */
  target: string;
  messages: Messages;
}

type State = 'idle' | 'loggingIn' | 'failed';

/**
 * docs/product.md §2 results login: password, error text, the button's label changes while logging in.
 * The session itself is an HttpOnly cookie; the docs/product.md §9 local marker is kept beside it so the
 * browser knows which results it may open.
 */
export default function ResultsLoginForm({ kind, pollAccessKey, target, messages }: ResultsLoginFormProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const id = useId();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState('');

  async function submit(): Promise<void> {
    setState('loggingIn');
    try {
      const result = kind === 'participant' ? await connectParticipant(password) : await connectPoll(password, pollAccessKey);
      if (result && result.isLoginSuccess) {
        if (result.marker) localStorage.setItem(result.marker, '1');
        location.assign(target);
        return;
      }
      setError(t('pollResults.passwordWrong'));
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : '';
      setError(code === 'results.closed' ? t('pollResults.closed') : code === 'results.rate_limited' ? t('pollResults.tooManyTries') : t('pollResults.loginFailed'));
    }
    setState('failed');
  }

  return (
    <form className="results-login" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('pollResults.password')}</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" value={password}
          aria-invalid={state === 'failed'} aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setPassword(e.target.value)} />
        {error && <p id={`${id}-error`} role="alert" className="field-error">{error}</p>}
      </div>
      <button type="submit" className="button" disabled={state === 'loggingIn' || password === ''}>
        {state === 'loggingIn' ? t('pollResults.loggingIn') : t('pollResults.login')}
      </button>
    </form>
  );
}
