import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Translate } from '~/lib/translate';
import { ConfirmDialog } from './ConfirmDialog';
import { useRowEditor } from './row-editor';
import { RowOrderList, type OrderRow } from './RowOrderList';
import type { createRowsStore } from './rows.store';
import './console.css';

type Editor<Row extends { id: number }, Draft> = ReturnType<typeof useRowEditor<Row, Draft>>;

interface Props<List, Row extends { id: number }, Draft> {
  /** The area's key under `console.` in locales/ (`speakers`). */
  area: string;
  store: ReturnType<typeof createRowsStore<List>>;
  list: List;
  rowsOf: (list: List) => Row[];
  withRows: (list: List, rows: Row[]) => List;
  toOrderRow: (row: Row) => OrderRow;
  /** What the delete dialog says of this row (say what goes with it). */
  deleteText: (row: Row) => string;
  draftOf: (row: Row) => Draft;
  empty: () => Draft;
  inputOf: (draft: Draft, saved: Draft) => unknown;
  form: (editor: Editor<Row, Draft>, row: Row | undefined, busy: boolean) => ReactNode;
  t: Translate;
}

/**
 * A console page that prepares a list (docs/console.md "Speakers", "Sponsors"): the rows in their
 * order, with add, edit, delete (asked first) and order, beside the form of the open row.
 */
export function RowsPage<List, Row extends { id: number }, Draft>(props: Props<List, Row, Draft>) {
  const { area, store, rowsOf, withRows, toOrderRow, deleteText, t } = props;
  const list = useStore(store.$list) ?? props.list;
  const busy = useStore(store.$busy);
  const rows = rowsOf(list);
  const editor = useRowEditor<Row, Draft>({ area, rows, draftOf: props.draftOf, empty: props.empty, inputOf: props.inputOf, save: store.save<Row>, t });

  const remove = (id: number) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return;
    editor.setQuestion({
      title: t(`console.${area}.deleteTitle`, { name: toOrderRow(row).title }), text: deleteText(row), confirm: t('console.rows.delete'),
      onConfirm: () => void store.remove(id).then((outcome) => {
        if (!outcome.ok) editor.failed(outcome.failure);
        else if (editor.editing === id) editor.close();
      }),
    });
  };
  const order = (ids: number[]) => void store.reorder(ids, (current) => withRows(current, ids.map((id) => rowsOf(current).find((r) => r.id === id)!)))
    .then((outcome) => { if (!outcome.ok) editor.failed(outcome.failure); });
  const open = typeof editor.editing === 'number' ? rows.find((r) => r.id === editor.editing) : undefined;

  return (
    <>
      <section className="console-panel" aria-labelledby={`${area}-title`}>
        <h2 id={`${area}-title`}>{t(`console.${area}.title`)}</h2>
        <p className="console-hint">{t('console.rows.orderHint')}</p>
        <div className="console-actions">
          <button type="button" className="button" onClick={() => editor.select('new')}>{t(`console.${area}.add`)}</button>
        </div>
        <RowOrderList rows={rows.map(toOrderRow)} selectedId={open?.id ?? null} busy={busy}
          onEdit={(id) => editor.select(id)} onDelete={remove} onOrder={order} t={t} />
      </section>
      {editor.editing !== null && props.form(editor, open, busy)}
      <ConfirmDialog question={editor.question} onConfirm={() => editor.question?.onConfirm()} onClose={() => editor.setQuestion(null)} t={t} />
    </>
  );
}

export type { Editor };
