import { useId, useState, type FormEvent } from 'react';
import type { Translate } from '~/lib/translate';
import { pinAnnouncement, type ControlFailure as Failure } from './console.store';
import { ControlFailure } from './ControlFailure';
import { EMPTY_PROMOTION, promotionOf, PromotionFields, type PromotionDraft } from './PromotionFields';

interface Props {
  isPending: boolean;
  failure: Failure | undefined;
  t: Translate;
}

/** Pins an announcement among the promoted items; attendees see it at once. */
export function PinForm({ isPending, failure, t }: Props) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [draft, setDraft] = useState<PromotionDraft>(EMPTY_PROMOTION);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await pinAnnouncement({ message, ...promotionOf(draft) }))) return;
    setMessage('');
    setDraft(EMPTY_PROMOTION);
  };
  return (
    <details className="console-pin">
      <summary>{t('console.pin.title')}</summary>
      <form className="console-form" onSubmit={(event) => void send(event)}>
        <label htmlFor={`${id}-message`}>{t('console.pin.message')}</label>
        <textarea id={`${id}-message`} rows={3} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
        <PromotionFields draft={draft} onChange={setDraft} t={t} />
        <button type="submit" className="button primary" disabled={isPending || message.trim() === ''}>{t('console.pin.send')}</button>
        <ControlFailure failure={failure} t={t} />
      </form>
    </details>
  );
}
