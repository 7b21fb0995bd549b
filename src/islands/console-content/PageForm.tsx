import { useEffect, useRef, useState } from 'react';
import { HEADING_MAX, PAGE_BODY_MAX, type ConsoleInfoPage } from '~/contracts/console-content';
import { FormField } from '~/islands/console/FormField';
import { RowForm } from '~/islands/console/RowForm';
import { fieldId } from '~/islands/console/row-editor';
import type { Editor } from '~/islands/console/RowsPage';
import type { Translate } from '~/lib/translate';
import { withPlaceholder, type PageDraft } from './content-draft';
import { PlatformsField } from './PlatformsField';
import { previewOf } from './preview-html';

interface Props {
  editor: Editor<ConsoleInfoPage, PageDraft>;
  page: ConsoleInfoPage | undefined;
  /** The `{{Field}}` names the attendees' data holds, to insert into the text. */
  fields: string[];
  busy: boolean;
  t: Translate;
}

export const PAGES_AREA = 'content.pages';
const id = (field: string) => fieldId(PAGES_AREA, field);

/**
 * The open information page's fields: heading, category, its text (simple HTML, with buttons that
 * put an attendee's `{{Field}}` at the caret, and a preview) and where it shows.
 */
export function PageForm({ editor, page, fields, busy, t }: Props) {
  const { draft, setDraft, errorOf } = editor;
  const set = (change: Partial<PageDraft>) => setDraft({ ...draft, ...change });
  const body = useRef<HTMLTextAreaElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const [previewing, setPreviewing] = useState(false);
  useEffect(() => {
    if (previewing) preview.current?.replaceChildren(previewOf(draft.body, document));
  }, [previewing, draft.body]);
  const insert = (field: string) => {
    const area = body.current;
    const { text, caret } = withPlaceholder(draft.body, area?.selectionStart ?? draft.body.length, area?.selectionEnd ?? draft.body.length, field);
    set({ body: text });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };
  return (
    <RowForm area={PAGES_AREA} title={page ? t('console.content.pages.editTitle', { name: page.heading }) : t('console.content.pages.newTitle')} editor={editor} busy={busy} t={t}>
      <FormField id={id('heading')} label={t('console.content.pages.heading')} error={errorOf('heading')}>
        {(control) => <input {...control} type="text" maxLength={HEADING_MAX} autoComplete="off" value={draft.heading} onChange={(e) => set({ heading: e.target.value })} />}
      </FormField>
      <FormField id={id('category')} label={t('console.content.pages.category')} hint={t('console.content.pages.categoryHint')} error={errorOf('category')}>
        {(control) => <input {...control} type="text" maxLength={HEADING_MAX} autoComplete="off" value={draft.category} onChange={(e) => set({ category: e.target.value })} />}
      </FormField>
      <FormField id={id('body')} label={t('console.content.pages.body')} hint={t('console.rows.richTextHint')} error={errorOf('body')}>
        {(control) => <textarea {...control} ref={body} rows={10} maxLength={PAGE_BODY_MAX} value={draft.body} onChange={(e) => set({ body: e.target.value })} />}
      </FormField>
      {fields.length > 0 && (
        <div className="console-field" role="group" aria-labelledby={id('fields-label')}>
          <p id={id('fields-label')} className="console-label">{t('console.content.pages.fields')}</p>
          <p className="console-hint">{t('console.content.pages.fieldsHint')}</p>
          <div className="console-placeholders">
            {fields.map((field) => (
              <button key={field} type="button" className="button secondary" onClick={() => insert(field)}
                aria-label={t('console.content.pages.insertField', { field: `{{${field}}}` })}>{`{{${field}}}`}</button>
            ))}
          </div>
        </div>
      )}
      <details className="console-page-preview" onToggle={(e) => setPreviewing(e.currentTarget.open)}>
        <summary>{t('console.content.pages.preview')}</summary>
        <p className="console-hint">{t('console.content.pages.previewHint')}</p>
        <div ref={preview} className="console-page-preview-body" role="region" aria-label={t('console.content.pages.previewOf', { name: draft.heading || t('console.content.pages.newTitle') })} />
      </details>
      <PlatformsField area={PAGES_AREA} platforms={draft.platforms} onChange={(platforms) => set({ platforms })} error={errorOf('platforms')} t={t} />
    </RowForm>
  );
}
