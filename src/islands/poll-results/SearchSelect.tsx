import { useId, useState } from 'react';
import type { QuizListEntry } from '~/contracts/poll-results';

/** A list with a search box in front (docs/product.md §2 template and quiz search/select). */
export function SearchSelect({ label, searchLabel, noneLabel, entries, value, onChange }: {
  label: string; searchLabel: string; noneLabel: string; entries: QuizListEntry[]; value: string | null; onChange: (key: string | null) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = entries.filter((e) => e.accessKey === value || e.title.toLowerCase().includes(needle));
  return (
    <div className="results-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>{searchLabel}</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-select`}>{label}</label>
        <select id={`${id}-select`} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{noneLabel}</option>
          {shown.map((e) => <option key={e.accessKey} value={e.accessKey}>{e.title}</option>)}
        </select>
      </div>
    </div>
  );
}
