import { useEffect, useRef, useState } from 'react';
import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';
import { deleteMyAccount, downloadMyData } from './profile.store';

interface Props {
  eventId: number;
  t: Translate;
}

type State = 'idle' | 'downloading' | 'confirming' | 'deleting' | 'failed';

/** The attendee's rights: a copy of their data, and deleting the account after a confirmation. */
export function PrivacyPanel({ eventId, t }: Props) {
  const [state, setState] = useState<State>('idle');
  const keep = useRef<HTMLButtonElement>(null);
  const isConfirming = state === 'confirming';

  // The safe choice takes the focus (showModal would give it to the close button): runs after
  // the Dialog's own effect opened it, since a child's effects run first.
  useEffect(() => {
    if (isConfirming) keep.current?.focus();
  }, [isConfirming]);

  async function download() {
    setState('downloading');
    setState((await downloadMyData(eventId)) ? 'idle' : 'failed');
  }

  async function erase() {
    setState('deleting');
    if (!(await deleteMyAccount(eventId))) setState('failed');
  }

  return (
    <div className="privacy-panel">
      <p>{t('privacy.intro')}</p>
      <div className="dialog-actions">
        <button type="button" className="button secondary" disabled={state === 'downloading'} onClick={() => void download()}>{t('privacy.download')}</button>
        <button type="button" className="button danger" onClick={() => setState('confirming')}>{t('privacy.delete')}</button>
      </div>
      <div role="status" aria-live="polite">{state === 'failed' && <p className="notice error">{t('privacy.failed')}</p>}</div>
      <Dialog isOpen={state === 'confirming' || state === 'deleting'} title={t('privacy.confirmTitle')} closeLabel={t('profile.close')} onClose={() => setState('idle')}>
        <p>{t('privacy.confirmText')}</p>
        <div className="dialog-actions">
          <button ref={keep} type="button" className="button secondary" onClick={() => setState('idle')}>{t('privacy.cancel')}</button>
          <button type="button" className="button danger" disabled={state === 'deleting'} onClick={() => void erase()}>
            {state === 'deleting' ? t('privacy.deleting') : t('privacy.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
