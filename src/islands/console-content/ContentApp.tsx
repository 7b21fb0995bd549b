import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { ConsoleContent, ConsoleDocument, ConsoleInfoPage } from '~/contracts/console-content';
import { RowsPage } from '~/islands/console/RowsPage';
import { createT, type Messages, type Translate } from '~/lib/translate';
import { documentDraftOf, documentInputOf, emptyDocument, emptyPage, pageDraftOf, type DocumentDraft, type PageDraft } from './content-draft';
import { documents, pages } from './content.store';
import { DOCUMENTS_AREA, DocumentForm } from './DocumentForm';
import { PAGES_AREA, PageForm } from './PageForm';
import './content.css';

interface Props {
  content: ConsoleContent;
  messages: Messages;
}

/** A document's kind of file as the organiser reads it (an imported event may name others). */
const kindText = (docType: string, t: Translate) => {
  const key = `console.content.documents.kind.${docType}`;
  return t(key) === key ? docType : t(key);
};

/** Where a row shows, said only when it is not everywhere. */
const platformsText = (platforms: string[], t: Translate) =>
  (platforms.length === 1 ? t('console.content.onlyOn', { platform: t(`console.content.platformName.${platforms[0]}`) }) : '');

/** The console's content page (docs/console.md "Content"): the information pages, then the documents, each a list in its order beside the form of the open row. */
export default function ContentApp({ content, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  useEffect(() => {
    pages.init(content);
    documents.init(content);
  }, [content]);
  const fields = (useStore(pages.$list) ?? content).fields;
  return (
    <>
      <div className="console-content-part">
        <RowsPage<ConsoleContent, ConsoleInfoPage, PageDraft> area={PAGES_AREA} store={pages} list={content} t={t}
        rowsOf={(l) => l.pages} withRows={(l, rows) => ({ ...l, pages: rows })}
        toOrderRow={(p) => ({ id: p.id, title: p.heading, detail: [p.category, platformsText(p.platforms, t)].filter(Boolean).join(' · '), imageUrl: null })}
        deleteText={() => t('console.content.pages.deleteText')}
        draftOf={pageDraftOf} empty={emptyPage} inputOf={(draft) => draft}
        form={(editor, page, busy) => <PageForm editor={editor} page={page} fields={fields} busy={busy} t={t} />} />
      </div>
      <div className="console-content-part">
        <RowsPage<ConsoleContent, ConsoleDocument, DocumentDraft> area={DOCUMENTS_AREA} store={documents} list={content} t={t}
        rowsOf={(l) => l.documents} withRows={(l, rows) => ({ ...l, documents: rows })}
        toOrderRow={(d) => ({ id: d.id, title: d.name, detail: [kindText(d.docType, t), platformsText(d.platforms, t)].filter(Boolean).join(' · '), imageUrl: null })}
        deleteText={(d) => (d.sessionCount > 0 ? t('console.content.documents.deleteOnSessions', { count: d.sessionCount }) : t('console.content.documents.deleteText'))}
        draftOf={documentDraftOf} empty={emptyDocument} inputOf={documentInputOf}
        form={(editor, document, busy) => <DocumentForm editor={editor} document={document} busy={busy} t={t} />} />
      </div>
    </>
  );
}
