import { useState } from 'react';
import type { EventDocument } from '~/contracts/documents';
import type { Translate } from '~/lib/translate';
import { fetchSessionDocuments } from './agenda.store';

interface Props {
  eventId: number;
  sessionId: number;
  title: string;
  t: Translate;
}

/** A session's documents (docs/product.md §7 sessions/{id}/documents), loaded when first opened. */
export function SessionDocuments({ eventId, sessionId, title, t }: Props) {
  const [documents, setDocuments] = useState<EventDocument[] | null>(null);
  const load = () => {
    // docs/product.md §8: a failed document load is ignored (the list shows as empty).
    if (documents === null) fetchSessionDocuments(eventId, sessionId).then(setDocuments, () => setDocuments([]));
  };
  return (
    <details className="session-extra" onToggle={(e) => { if (e.currentTarget.open) load(); }}>
      <summary aria-label={t('agenda.documentsFor', { title })}>{t('agenda.documents')}</summary>
      {documents === null ? null : documents.length === 0 ? <p>{t('agenda.noDocuments')}</p> : (
        <ul className="session-documents">
          {documents.map((d) => (
            <li key={d.DocumentID}><a href={d.Documentfile} target="_blank" rel="noopener">{d.Name}</a></li>
          ))}
        </ul>
      )}
    </details>
  );
}
