import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/lib/translate';
import { SENT_INDICATOR_MS } from './sponsor-timers';
import { sendContactInfo, sendContactMessage } from './sponsors.store';

interface Props {
  eventId: number;
  sponsorId: number;
  sponsorName: string;
  hasEmail: boolean;
  /** The sponsor takes leads through its lead form (an organiser may turn it off). */
  hasLeadForm: boolean;
  t: Translate;
}

type Status = 'idle' | 'sending' | 'sent' | 'empty' | 'failed';

/** docs/product.md §2 contact tab: a message to the sponsor (empty refused, docs/product.md §5), send-info and the lead form link. */
export function ContactMessageForm({ eventId, sponsorId, sponsorName, hasEmail, hasLeadForm, t }: Props) {
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [info, setInfo] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const fieldId = useId();

  useEffect(() => {
    if (status !== 'sent') return undefined;
    const timer = window.setTimeout(() => setStatus('idle'), SENT_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (message.trim() === '') { setStatus('empty'); return; }
    setStatus('sending');
    try {
      await sendContactMessage(eventId, sponsorId, message);
      setMessage('');
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  }

  async function sendInfo() {
    setInfo('sending');
    try {
      await sendContactInfo(eventId, sponsorId);
      setInfo('sent');
    } catch {
      setInfo('failed');
    }
  }

  const notice = status === 'sent' ? t('sponsors.messageSent') : status === 'empty' ? t('sponsors.messageEmpty') : status === 'failed' ? t('sponsors.messageFailed') : '';
  return (
    <div className="contact">
      <form className="contact-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={fieldId}>{t('sponsors.messageLabel', { name: sponsorName })}</label>
        <textarea id={fieldId} name="Message" rows={4} value={message} maxLength={4000}
          aria-invalid={status === 'empty'} onChange={(e) => { setMessage(e.target.value); if (status === 'empty') setStatus('idle'); }} />
        <button type="submit" className="button" disabled={status === 'sending'}>{t('sponsors.messageSend')}</button>
        <p role="status" className={`notice ${status === 'sent' ? 'ok' : 'error'}`}>{notice}</p>
      </form>
      <p className="contact-actions">
        {hasEmail && (
          <button type="button" className="button secondary" disabled={info === 'sending' || info === 'sent'} onClick={() => void sendInfo()}>
            {t('sponsors.sendInfo')}
          </button>
        )}
        {hasLeadForm && <a href={`/sponsor/${sponsorId}/contactForm`}>{t('sponsors.leadFormLink')}</a>}
      </p>
      <p role="status" className="notice">{info === 'sent' ? t('sponsors.sendInfoSent') : info === 'failed' ? t('sponsors.sendInfoFailed') : ''}</p>
    </div>
  );
}
