import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { Translate } from '~/lib/translate';
import { $filter, $index, refresh, setFilter } from './results.store';
import { ChosenDay } from '~/islands/ui/ChosenDay';
import { datesComplete } from './results-rules';

/** docs/product.md §2 filters: date range (both or neither), groups checkboxes, Refresh. */
export function FiltersPanel({ t, locale, groups, onRefresh }: {
  t: Translate; locale: string; groups?: { id: number; name: string }[]; onRefresh?: () => void;
}) {
  const id = useId();
  const filter = useStore($filter);
  const index = useStore($index);
  const all = groups ?? index?.groups ?? [];
  const incomplete = !datesComplete(filter.fromDate, filter.toDate);
  const toggle = (groupId: number, on: boolean) =>
    setFilter({ groups: on ? [...filter.groups, groupId] : filter.groups.filter((g) => g !== groupId) });
  return (
    <div className="results-filters">
      <button type="button" className="button secondary" onClick={() => (onRefresh ? onRefresh() : void refresh())}>{t('pollResults.refresh')}</button>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('pollResults.fromDate')}</label>
        <input id={`${id}-from`} type="date" value={filter.fromDate} max={filter.toDate || undefined} aria-describedby={`${id}-from-day`}
          onChange={(e) => setFilter({ fromDate: e.target.value })} />
        <ChosenDay id={`${id}-from-day`} day={filter.fromDate} locale={locale} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('pollResults.toDate')}</label>
        <input id={`${id}-to`} type="date" value={filter.toDate} min={filter.fromDate || undefined} aria-describedby={`${id}-to-day`}
          onChange={(e) => setFilter({ toDate: e.target.value })} />
        <ChosenDay id={`${id}-to-day`} day={filter.toDate} locale={locale} />
      </div>
      {incomplete && <p className="field-error" role="status">{t('pollResults.datesBoth')}</p>}
      <fieldset className="results-groups">
        <legend>{t('pollResults.groups')}</legend>
        {all.length === 0 && <p className="results-muted">{t('pollResults.noGroups')}</p>}
        {all.map((g) => (
          <label key={g.id} className="results-check">
            <input type="checkbox" checked={filter.groups.includes(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} />
            {g.name.trim()}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
