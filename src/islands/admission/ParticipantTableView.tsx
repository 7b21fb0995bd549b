import type { ParticipantTable } from '~/contracts/admission';

/** Rows of a server-given table whose cells contain the search text (trimmed, case-insensitive; docs/product.md §5). */
export function searchRows(table: ParticipantTable, search: string): (string | null)[][] {
  const needle = search.trim().toLowerCase();
  if (!needle) return table.values;
  return table.values.filter((row) => row.some((cell) => cell?.toLowerCase().includes(needle)));
}

/** A table from a server-given header (docs/product.md §2 organiser screens), scrolling sideways on a phone. */
export function ParticipantTableView({ table, rows, caption }: { table: ParticipantTable; rows: (string | null)[][]; caption: string }) {
  return (
    <div className="admission-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admission-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead><tr>{table.header.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
        <tbody>
          {rows.map((row, i) => <tr key={i}>{row.map((cell, j) => <td key={j}>{cell ?? ''}</td>)}</tr>)}
        </tbody>
      </table>
    </div>
  );
}
