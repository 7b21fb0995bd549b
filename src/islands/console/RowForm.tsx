import type { FormEvent, ReactNode } from 'react';
import type { Translate } from '~/lib/translate';
import { fieldId } from './row-editor';
import type { Editor } from './RowsPage';

interface Props<Row extends { id: number }, Draft> {
  area: string;
  title: string;
  editor: Editor<Row, Draft>;
  busy: boolean;
  children: ReactNode;
  t: Translate;
}

/** The open row's form on a console list page: its title, a refusal naming no field, the fields, then save and cancel. */
export function RowForm<Row extends { id: number }, Draft>({ area, title, editor, busy, children, t }: Props<Row, Draft>) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void editor.submit();
  };
  return (
    <section className="console-panel console-editor" aria-labelledby={`${area}-form-title`}>
      <h2 id={`${area}-form-title`}>{title}</h2>
      <form id={fieldId(area, 'form')} tabIndex={-1} className="console-form" onSubmit={submit} noValidate>
        {editor.formError && <p className="console-error" role="alert">{editor.formError}</p>}
        {children}
        <div className="console-actions">
          <button type="submit" className="button" disabled={busy}>{t('console.rows.save')}</button>
          <button type="button" className="button secondary" onClick={() => editor.select(null)}>{t('console.rows.cancel')}</button>
        </div>
        <p role="status" className="console-hint">{editor.status}</p>
      </form>
    </section>
  );
}
