import { useState, type DragEvent } from 'react';
import type { Translate } from '~/lib/translate';

export interface OrderRow {
  id: number;
  title: string;
  detail: string;
  imageUrl: string | null;
}

interface Props {
  rows: OrderRow[];
  selectedId: number | null;
  busy: boolean;
  /** Without it (and `onDelete`) a row has no edit (delete) button: a list that is only ordered. */
  onEdit?: (id: number) => void;
  onDelete?: (id: number) => void;
  onOrder: (ids: number[]) => void;
  t: Translate;
}

const moved = (ids: number[], from: number, to: number): number[] => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/**
 * The rows of a console list in their order (speakers, sponsors): each with edit and delete, and
 * moved by dragging or, from the keyboard and with one thumb, by its up and down buttons.
 */
export function RowOrderList({ rows, selectedId, busy, onEdit, onDelete, onOrder, t }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = rows.map((r) => r.id);
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null && dragged !== to) onOrder(moved(ids, dragged, to));
    setDragged(null);
  };
  if (rows.length === 0) return <p className="console-empty">{t('console.rows.empty')}</p>;
  return (
    <ol className="console-rows">
      {rows.map((row, index) => (
        <li key={row.id} draggable={!busy} aria-current={row.id === selectedId ? 'true' : undefined}
          className={dragged === index ? 'is-dragged' : undefined}
          onDragStart={() => setDragged(index)} onDragEnd={() => setDragged(null)} onDragOver={(e) => e.preventDefault()} onDrop={(e) => drop(e, index)}>
          <span className="console-grip" aria-hidden="true">⋮⋮</span>
          {row.imageUrl ? <img src={row.imageUrl} alt="" width={44} height={44} loading="lazy" /> : <span className="console-no-picture" aria-hidden="true" />}
          <span className="console-row-text">
            <span className="console-name">{row.title}</span>
            {row.detail && <span className="console-note">{row.detail}</span>}
          </span>
          <span className="console-row-actions">
            <button type="button" className="button secondary" disabled={busy || index === 0} onClick={() => onOrder(moved(ids, index, index - 1))}
              aria-label={t('console.rows.moveUp', { name: row.title })}>↑</button>
            <button type="button" className="button secondary" disabled={busy || index === rows.length - 1} onClick={() => onOrder(moved(ids, index, index + 1))}
              aria-label={t('console.rows.moveDown', { name: row.title })}>↓</button>
            {onEdit && <button type="button" className="button secondary" onClick={() => onEdit(row.id)} aria-label={t('console.rows.editOf', { name: row.title })}>{t('console.rows.edit')}</button>}
            {onDelete && <button type="button" className="button secondary console-danger" disabled={busy} onClick={() => onDelete(row.id)}
              aria-label={t('console.rows.deleteOf', { name: row.title })}>{t('console.rows.delete')}</button>}
          </span>
        </li>
      ))}
    </ol>
  );
}
