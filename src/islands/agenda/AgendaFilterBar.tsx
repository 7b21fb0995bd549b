import { useRef, useState } from 'react';
import type { Category } from '~/contracts/categories';
import type { Translate } from '~/lib/translate';
import { ChosenDay } from '~/islands/ui/ChosenDay';
import { useChoiceBeforeHydration } from '~/islands/ui/use-hydrated';
import { withDateFrom, withDateTo, type AgendaFilters } from './agenda-view';

interface Props {
  filters: AgendaFilters;
  categories: Category[];
  /** First and last day of the agenda, bounding the date inputs. */
  firstDay: string | undefined;
  lastDay: string | undefined;
  /** The page's language, for the chosen days written out under the date inputs. */
  locale: string;
  t: Translate;
  onChange: (filters: AgendaFilters) => void;
}

/**
 * docs/product.md §2 agenda filters: my agenda, search, category, and a from/to date range. Category and
 * dates fold away under "More filters" (open while one is set), so sessions start near the top
 * of a phone's screen.
 */
export function AgendaFilterBar({ filters, categories, firstDay, lastDay, locale, t, onChange }: Props) {
  const folded = [filters.categoryId !== null, !!filters.from, !!filters.to].filter(Boolean).length;
  const [isUnfolded, setUnfolded] = useState(folded > 0);
  const category = useRef<HTMLSelectElement>(null);
  const chooseCategory = (value: string): void => onChange({ ...filters, categoryId: value ? Number(value) : null });
  useChoiceBeforeHydration(category, String(filters.categoryId ?? ''), chooseCategory);
  return (
    <form className="agenda-filters" role="search" aria-label={t('agenda.filters')} onSubmit={(e) => e.preventDefault()}>
      <label className="agenda-toggle">
        <input type="checkbox" checked={filters.isMine} onChange={(e) => onChange({ ...filters, isMine: e.currentTarget.checked })} />
        {t('agenda.myAgenda')}
      </label>
      <div className="agenda-field agenda-search">
        <label htmlFor="agenda-search">{t('agenda.search')}</label>
        <input id="agenda-search" type="search" value={filters.search} placeholder={t('agenda.searchPlaceholder')}
          onChange={(e) => onChange({ ...filters, search: e.currentTarget.value })} />
      </div>
      <details className="agenda-more" open={isUnfolded} onToggle={(e) => setUnfolded(e.currentTarget.open)}>
        <summary>{t('agenda.moreFilters')}{folded > 0 && ` (${folded})`}</summary>
        <div className="agenda-more-fields">
      {categories.length > 0 && (
        <div className="agenda-field">
          <label htmlFor="agenda-category">{t('agenda.category')}</label>
          <select id="agenda-category" ref={category} value={filters.categoryId ?? ''} onChange={(e) => chooseCategory(e.currentTarget.value)}>
            <option value="">{t('agenda.allCategories')}</option>
            {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
      )}
      <div className="agenda-field">
        <label htmlFor="agenda-from">{t('agenda.dateFrom')}</label>
        <input id="agenda-from" type="date" value={filters.from} min={firstDay} max={filters.to || lastDay} aria-describedby="agenda-from-day"
          onChange={(e) => onChange(withDateFrom(filters, e.currentTarget.value))} />
        <ChosenDay id="agenda-from-day" day={filters.from} locale={locale} />
      </div>
      <div className="agenda-field">
        <label htmlFor="agenda-to">{t('agenda.dateTo')}</label>
        <input id="agenda-to" type="date" value={filters.to} min={filters.from || firstDay} max={lastDay}
          disabled={!filters.from} title={filters.from ? undefined : t('agenda.dateToHint')} aria-describedby="agenda-to-day"
          onChange={(e) => onChange(withDateTo(filters, e.currentTarget.value))} />
        <ChosenDay id="agenda-to-day" day={filters.to} locale={locale} />
      </div>
      {(filters.from || filters.to) && (
        <button type="button" className="button secondary agenda-clear" onClick={() => onChange({ ...filters, from: '', to: '' })}>
          {t('agenda.clearDates')}
        </button>
      )}
        </div>
      </details>
    </form>
  );
}
