import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DOCUMENT_ACCEPT } from '~/contracts/console-content';
import type { ConsoleSponsor, ConsoleSponsorDocument } from '~/contracts/console-sponsors';
import { ConfirmDialog } from '~/islands/console/ConfirmDialog';
import type { ControlFailure } from '~/islands/console/console.store';
import { failureText } from '~/islands/console/control-failure';
import { FormField } from '~/islands/console/FormField';
import { fieldId } from '~/islands/console/row-editor';
import { RowOrderList } from '~/islands/console/RowOrderList';
import type { Outcome } from '~/islands/console/rows.store';
import type { Translate } from '~/lib/translate';
import { sponsors } from './sponsors.store';

interface Props {
  /** The stored sponsor; a new one is saved first. */
  sponsor: ConsoleSponsor | undefined;
  t: Translate;
}

const id = (field: string) => fieldId('sponsors', field);
/** Enter in these fields runs their own action, not the sponsor form's save. */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  action();
};
const fileForm = (file: File, name?: string) => {
  const form = new FormData();
  form.set('file', file);
  if (name) form.set('name', name);
  return form;
};

/**
 * The sponsor's documents (docs/console.md "Sponsors"): added, renamed, given a new file, ordered and
 * deleted at once, each change its own call (not the form's save); the list shows what the server answered.
 */
export function SponsorDocuments({ sponsor, t }: Props) {
  const [documents, setDocuments] = useState<ConsoleSponsorDocument[]>(sponsor?.documents ?? []);
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<ConsoleSponsorDocument | null>(null);
  const [rename, setRename] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [deleting, setDeleting] = useState<ConsoleSponsorDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(0);
  const editTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => setDocuments(sponsor?.documents ?? []), [sponsor?.documents]);
  useEffect(() => { if (editing) editTitle.current?.focus(); }, [editing?.id]);

  if (!sponsor) {
    return (
      <section className="console-field" aria-labelledby={id('documents-title')}>
        <h3 id={id('documents-title')} className="console-name">{t('console.sponsors.documents')}</h3>
        <p className="console-hint">{t('console.sponsors.documentsSaveFirst')}</p>
      </section>
    );
  }
  const base = `/${sponsor.id}/documents`;

  const failed = (failure: ControlFailure) => {
    const field = failure.field === 'name' || failure.field === 'file' ? failure.field : '';
    const own = failure.status === 413 || field === 'file' ? 'file' : field;
    setError({ field: own || 'form', text: own ? t(`console.sponsors.documentErrors.${own}`) : failureText(failure, t) });
    setStatus('');
  };
  /** Runs one call; on success shows its answer and says `done`. */
  const change = async (work: () => Promise<Outcome<ConsoleSponsor>>, done: string): Promise<ConsoleSponsor | undefined> => {
    setBusy(true);
    setError(null);
    setStatus(t('console.rows.saving'));
    const outcome = await work();
    setBusy(false);
    if (!outcome.ok) {
      failed(outcome.failure);
      return undefined;
    }
    setDocuments(outcome.value.documents);
    setStatus(t(done));
    return outcome.value;
  };

  const add = async (file: File | undefined) => {
    if (!file) return;
    const added = await change(() => sponsors.post<ConsoleSponsor>(base, fileForm(file, newName.trim())), 'console.sponsors.documentAdded');
    if (added) setNewName('');
    setPicker((n) => n + 1);
  };
  const open = (documentId: number) => {
    const found = documents.find((d) => d.id === documentId) ?? null;
    setEditing(found);
    setRename(found?.name ?? '');
    setError(null);
  };
  const saveName = async () => {
    if (!editing) return;
    const saved = await change(() => sponsors.post<ConsoleSponsor>(`${base}/${editing.id}`, { name: rename }), 'console.sponsors.documentRenamed');
    if (saved) setEditing(saved.documents.find((d) => d.id === editing.id) ?? null);
  };
  const replace = async (file: File | undefined) => {
    if (!file || !editing) return;
    const saved = await change(() => sponsors.post<ConsoleSponsor>(`${base}/${editing.id}/file`, fileForm(file)), 'console.sponsors.documentReplaced');
    if (saved) setEditing(saved.documents.find((d) => d.id === editing.id) ?? null);
    setPicker((n) => n + 1);
  };
  const remove = async (document: ConsoleSponsorDocument) => {
    const saved = await change(() => sponsors.post<ConsoleSponsor>(`${base}/${document.id}/delete`, {}), 'console.sponsors.documentDeleted');
    if (saved && editing?.id === document.id) setEditing(null);
  };
  const order = (ids: number[]) => {
    const before = documents;
    setDocuments(ids.map((docId) => documents.find((d) => d.id === docId)!));
    void change(() => sponsors.post<ConsoleSponsor>(`${base}/order`, { ids }), 'console.sponsors.documentOrdered')
      .then((saved) => { if (!saved) setDocuments(before); });
  };
  const errorOf = (field: string) => (error?.field === field ? error.text : undefined);

  return (
    <section className="console-field console-documents" aria-labelledby={id('documents-title')}>
      <h3 id={id('documents-title')} className="console-name">{t('console.sponsors.documents')}</h3>
      <p className="console-hint">{t('console.sponsors.documentsHint')}</p>
      {documents.length === 0 ? <p className="console-hint">{t('console.sponsors.documentsNone')}</p> : (
        <RowOrderList rows={documents.map((d) => ({ id: d.id, title: d.name, detail: t(`console.sponsors.documentTypes.${d.docType}`), imageUrl: null }))}
          selectedId={editing?.id ?? null} busy={busy} onEdit={open} onDelete={(docId) => setDeleting(documents.find((d) => d.id === docId) ?? null)} onOrder={order} t={t} />
      )}
      {editing && (
        <div className="console-platforms console-document-edit">
          <h4 ref={editTitle} tabIndex={-1} className="console-name">{t('console.sponsors.documentEditTitle', { name: editing.name })}</h4>
          <p><a href={editing.fileUrl} target="_blank" rel="noopener">{editing.name}</a></p>
          <FormField id={id('documentRename')} label={t('console.sponsors.documentNewName')} error={errorOf('name')}>
            {(control) => <input {...control} type="text" maxLength={200} autoComplete="off" value={rename}
              onChange={(e) => setRename(e.target.value)} onKeyDown={onEnter(() => void saveName())} />}
          </FormField>
          <div className="console-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void saveName()}>{t('console.sponsors.documentRename')}</button>
            <button type="button" className="button secondary" onClick={() => setEditing(null)}>{t('console.sponsors.documentClose')}</button>
          </div>
          <FormField id={id('documentReplace')} label={t('console.sponsors.documentReplace')} error={errorOf('file')}>
            {(control) => <input key={picker} {...control} type="file" accept={DOCUMENT_ACCEPT} disabled={busy} onChange={(e) => void replace(e.target.files?.[0])} />}
          </FormField>
        </div>
      )}
      <FormField id={id('documentName')} label={t('console.sponsors.documentName')} error={editing ? undefined : errorOf('name')}>
        {(control) => <input {...control} type="text" maxLength={200} autoComplete="off" value={newName}
          onChange={(e) => setNewName(e.target.value)} onKeyDown={onEnter(() => undefined)} />}
      </FormField>
      <FormField id={id('documentFile')} label={t('console.sponsors.documentFile')} error={editing ? undefined : errorOf('file')}>
        {(control) => <input key={picker} {...control} type="file" accept={DOCUMENT_ACCEPT} disabled={busy} onChange={(e) => void add(e.target.files?.[0])} />}
      </FormField>
      {errorOf('form') && <p className="console-field-error">{errorOf('form')}</p>}
      <p role="status" className="console-hint">{status}</p>
      <ConfirmDialog question={deleting && {
        title: t('console.sponsors.documentDeleteTitle', { name: deleting.name }), text: t('console.sponsors.documentDeleteText'), confirm: t('console.sponsors.documentDelete'),
      }} onConfirm={() => { if (deleting) void remove(deleting); }} onClose={() => setDeleting(null)} t={t} />
    </section>
  );
}
