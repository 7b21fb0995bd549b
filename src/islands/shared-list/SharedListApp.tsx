import { useId, useState } from 'react';
import type { ParticipantTable } from '~/contracts/admission';
import { createT, type Messages } from '~/lib/translate';
import { ParticipantTableView, searchRows } from '~/islands/admission/ParticipantTableView';
import '~/islands/admission/admission.css';

interface Props {
  table: ParticipantTable;
  /** The export call of this list (its PIN is in the page's own address already). */
  exportUrl: string;
  caption: string;
  messages: Messages;
}

/**
 * docs/product.md §2 shared participant list: 'Showing all N participants', search (trimmed,
 * case-insensitive over every cell), Export (XLSX or CSV: plain links, the server names the file).
 */
export default function SharedListApp({ table, exportUrl, caption, messages }: Props) {
  const t = createT(messages);
  const id = useId();
  const [search, setSearch] = useState('');
  const rows = searchRows(table, search);
  const count = table.values.length;
  return (
    <div className="admission">
      <div className="admission-bar">
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('sharedList.search')}</label>
          <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <a className="button secondary" href={exportUrl} download>{t('sharedList.export')}</a>
        <a className="button secondary" href={`${exportUrl}?format=csv`} download>{t('sharedList.exportCsv')}</a>
      </div>
      <p role="status">
        {rows.length === count ? t('sharedList.showing', { count }) : t('sharedList.showingSome', { shown: rows.length, count })}
      </p>
      {count === 0
        ? <p className="admission-empty">{t('sharedList.empty')}</p>
        : <ParticipantTableView table={table} rows={rows} caption={caption} />}
    </div>
  );
}
