import { useId, useState } from 'react';
import type { Poll } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { cleanCode, isValidCode, type CodedKind } from './poll-view';
import { findByCode } from './polls.store';

interface Props {
  kind: CodedKind;
  onFound: (poll: Poll) => void;
  onCancel: () => void;
  t: Translate;
}

/** docs/product.md §2/§5 coded entry: a 4-digit code, Ok disabled while empty, Cancel; docs/product.md §8 messages. */
export function CodedEntry({ kind, onFound, onCancel, t }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);

  async function check() {
    if (!isValidCode(code)) return setError(t('polls.codeFormat'));
    setChecking(true);
    setError(null);
    const found = await findByCode(code, kind);
    setChecking(false);
    if ('poll' in found) onFound(found.poll);
    else setError(t(found.error === 'failed' ? 'polls.codeFailed' : `polls.${found.error}`));
  }

  return (
    <form className="poll-code" noValidate onSubmit={(e) => { e.preventDefault(); if (code) void check(); }}>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t(kind === 'quiz' ? 'polls.quizCodeLabel' : 'polls.codeLabel')}</label>
        <input id={`${id}-code`} className="poll-code-input" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{4}"
          placeholder={t('polls.codePlaceholder')} value={code} aria-invalid={error !== null} aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => { setCode(cleanCode(e.target.value)); setError(null); }} />
        {error && <p id={`${id}-error`} role="alert" className="field-error">{error}</p>}
      </div>
      <div className="poll-actions">
        <button type="button" className="button secondary" onClick={onCancel}>{t('polls.cancel')}</button>
        <button type="submit" className="button" disabled={code === '' || isChecking}>{t('polls.ok')}</button>
      </div>
    </form>
  );
}
