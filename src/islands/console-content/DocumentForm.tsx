import { useState } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_NAME_MAX, type ConsoleDocument } from '~/contracts/console-content';
import { FormField } from '~/islands/console/FormField';
import { RowForm } from '~/islands/console/RowForm';
import { fieldId } from '~/islands/console/row-editor';
import type { Editor } from '~/islands/console/RowsPage';
import type { Translate } from '~/lib/translate';
import type { DocumentDraft } from './content-draft';
import { replaceFile } from './content.store';
import { PlatformsField } from './PlatformsField';

interface Props {
  editor: Editor<ConsoleDocument, DocumentDraft>;
  document: ConsoleDocument | undefined;
  busy: boolean;
  t: Translate;
}

export const DOCUMENTS_AREA = 'content.documents';
const id = (field: string) => fieldId(DOCUMENTS_AREA, field);

/**
 * The open document's fields: for a new one the file to upload with its name and platforms; for a
 * stored one its name and platforms, and a file that replaces its own at once.
 */
export function DocumentForm({ editor, document, busy, t }: Props) {
  const { draft, setDraft, errorOf } = editor;
  const set = (change: Partial<DocumentDraft>) => setDraft({ ...draft, ...change });
  const [status, setStatus] = useState('');
  const replace = async (file: File | undefined) => {
    if (!file || !document) return;
    setStatus(t('console.rows.uploading'));
    const outcome = await replaceFile<ConsoleDocument>(document.id, file);
    if (!outcome.ok) {
      setStatus('');
      editor.failed(outcome.failure);
      return;
    }
    setStatus(t('console.content.documents.replaced'));
  };
  return (
    <RowForm area={DOCUMENTS_AREA} title={document ? t('console.content.documents.editTitle', { name: document.name }) : t('console.content.documents.newTitle')}
      editor={editor} busy={busy} t={t}>
      <FormField id={id('file')} label={t(document ? 'console.content.documents.replaceFile' : 'console.content.documents.file')}
        hint={t('console.content.documents.fileHint')} error={errorOf('file')}>
        {(control) => (document
          ? <input {...control} type="file" accept={DOCUMENT_ACCEPT} disabled={busy} onChange={(e) => void replace(e.target.files?.[0])} />
          : <input {...control} type="file" accept={DOCUMENT_ACCEPT} onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            set({ file, name: draft.name || (file?.name.replace(/\.[^.]+$/, '') ?? '') });
          }} />)}
      </FormField>
      {document && (
        <p className="console-hint">
          <a href={document.fileUrl} target="_blank" rel="noopener noreferrer">{t('console.content.documents.open', { name: document.name })}</a>
        </p>
      )}
      {document && <p role="status" className="console-hint">{status}</p>}
      <FormField id={id('name')} label={t('console.content.documents.name')} error={errorOf('name')}>
        {(control) => <input {...control} type="text" maxLength={DOCUMENT_NAME_MAX} autoComplete="off" value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
      </FormField>
      <PlatformsField area={DOCUMENTS_AREA} platforms={draft.platforms} onChange={(platforms) => set({ platforms })} error={errorOf('platforms')} t={t} />
    </RowForm>
  );
}
