import { useId, useState } from 'react';
import type { Translate } from '~/lib/translate';
import { ratingRows, type RatingRow } from './results-rules';
import { formatAverage } from '~/lib/rating';

/** docs/product.md §2 rating list: title and average, a search, the average column sortable. */
export function RatingList({ rows, t }: { rows: RatingRow[]; t: Translate }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const shown = ratingRows(rows, search, direction);
  return (
    <section className="rating-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">{t('pollResults.modeRatings')}</h2>
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('pollResults.ratingSearch')}</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {shown.length === 0 ? <p className="results-muted">{t('pollResults.noRatings')}</p> : (
        <table className="results-table">
          <thead>
            <tr>
              <th scope="col">{t('pollResults.ratingTitle')}</th>
              <th scope="col" aria-sort={direction === 'asc' ? 'ascending' : 'descending'}>
                <button type="button" className="sort-button" onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}>
                  {t('pollResults.average')} <span aria-hidden="true">{direction === 'asc' ? '▲' : '▼'}</span>
                  <span className="visually-hidden">{` (${t('pollResults.sortAverage')})`}</span>
                </button>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => <tr key={r.pollId}><td>{r.title}</td><td>{r.average === null ? '–' : formatAverage(r.average)}</td></tr>)}
          </tbody>
        </table>
      )}
    </section>
  );
}
