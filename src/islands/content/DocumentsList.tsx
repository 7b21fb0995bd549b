import type { RealtimeEventName } from '~/contracts/realtime';
import { useCallback, useMemo, useState } from 'react';
import { isPdf, isPreviewable, type EventDocument } from '~/contracts/content';
import type { Platform } from '~/contracts/event-settings';
import { shortDate } from '~/lib/dates';
import { createT, type Messages } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';
import { fetchDocuments, sendAllDocuments, type DocumentSource } from './content.store';
import { useLiveRefresh } from './use-live-refresh';
import { useWideScreen } from './use-wide-screen';

const DOCUMENT_EVENTS = ['document-change'] as const satisfies RealtimeEventName[];

export interface DocumentsListProps {
  eventId: number;
  timeZone: string;
  platform: Platform;
  initial: EventDocument[];
  /** Where the list reloads from on a document change: the event's list or a sponsor's. */
  source: DocumentSource;
  /** Offer "e-mail me all documents" (docs/product.md §7 sendAllDocuments). */
  canSendAll: boolean;
  /** The locale's `documents` section. */
  messages: Messages;
}

type SendState = 'idle' | 'sending' | 'sent' | 'failed';

/** A document list with DD.MM.YYYY dates and a preview dialog for pdf or photos on wide screens (docs/product.md §2, §9). */
export default function DocumentsList({ eventId, timeZone, platform, initial, source, canSendAll, messages }: DocumentsListProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const [documents, setDocuments] = useState(initial);
  const [previewing, setPreviewing] = useState<EventDocument | null>(null);
  const [send, setSend] = useState<SendState>('idle');
  const isWide = useWideScreen();

  const reload = useCallback(() => {
    // docs/product.md §8: a failed document load is silently ignored; the list on screen stays.
    fetchDocuments(eventId, source, platform).then(setDocuments, () => undefined);
  }, [eventId, platform, source]);
  useLiveRefresh(DOCUMENT_EVENTS, reload);

  async function sendAll() {
    setSend('sending');
    try {
      await sendAllDocuments(eventId, platform);
      setSend('sent');
    } catch {
      setSend('failed');
    }
  }

  return (
    <div className="documents">
      {documents.length === 0 ? <p>{t('documents.empty')}</p> : (
        <ul className="documents-list">
          {documents.map((d) => (
            <li key={d.DocumentID} className="document">
              <span className="document-name">{d.Name}</span>
              <span className="document-date">{t('documents.uploaded', { date: shortDate(d.uTime, timeZone) })}</span>
              <span className="document-actions">
                {isWide && isPreviewable(d) && (
                  <button type="button" className="button secondary" aria-label={t('documents.previewOf', { name: d.Name })}
                    onClick={() => setPreviewing(d)}>{t('documents.preview')}</button>
                )}
                <a className="button secondary" href={d.Documentfile} target="_blank" rel="noopener noreferrer"
                  aria-label={t('documents.openName', { name: d.Name })}>{t('documents.open')}</a>
              </span>
            </li>
          ))}
        </ul>
      )}
      {canSendAll && documents.length > 0 && (
        <p className="documents-send">
          <button type="button" className="button" disabled={send === 'sending' || send === 'sent'} onClick={() => void sendAll()}>
            {send === 'sending' ? t('documents.sending') : t('documents.sendAll')}
          </button>
          <span role="status">{send === 'sent' ? t('documents.sent') : send === 'failed' ? t('documents.sendFailed') : ''}</span>
        </p>
      )}
      <Dialog isOpen={previewing !== null} title={previewing ? t('documents.previewTitle', { name: previewing.Name }) : ''}
        closeLabel={t('documents.close')} onClose={() => setPreviewing(null)} className="dialog-wide document-preview">
        {previewing && (isPdf(previewing)
          ? <iframe className="document-frame" src={previewing.DocumentUrlPreview ?? previewing.Documentfile} title={previewing.Name} />
          : <img className="document-image" src={previewing.DocumentUrlPreview ?? previewing.Documentfile} alt={previewing.Name} />)}
      </Dialog>
    </div>
  );
}
