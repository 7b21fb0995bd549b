import { useState } from 'react';
import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';
import { deleteMyAccount, downloadMyData } from './privacy.api';

interface Props {
  eventId: number;
  t: Translate;
}

type State = 'idle' | 'downloading' | 'confirming' | 'deleting' | 'failed';

/** The attendee's rights (issue 16): a copy of their data, and deleting the account after a confirmation. */
export function PrivacyPanel({ eventId, t }: Props) {
  const [state, setState] = useState<State>('idle');

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
      <Dialog isOpen={state === 'confirming' || state === 'deleting'} title={t('privacy.confirmTitle')} closeLabel={t('privacy.cancel')} onClose={() => setState('idle')}>
        <p>{t('privacy.confirmText')}</p>
        <div className="dialog-actions">
          <button type="button" className="button secondary" autoFocus onClick={() => setState('idle')}>{t('privacy.cancel')}</button>
          <button type="button" className="button danger" disabled={state === 'deleting'} onClick={() => void erase()}>
            {state === 'deleting' ? t('privacy.deleting') : t('privacy.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
