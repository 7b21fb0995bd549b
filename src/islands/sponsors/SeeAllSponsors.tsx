import { useId, useMemo, useState } from 'react';
import type { Category } from '~/contracts/categories';
import { SPONSOR_PAGE_SIZE, type SponsorSummary } from '~/contracts/sponsors';
import { filterSponsors } from '~/lib/sponsor-page';
import { sponsorHref, type SponsorOrigin } from '~/lib/sponsor-origin';
import { Dialog } from '~/islands/ui/Dialog';
import { createT, type Messages } from '~/lib/translate';

export interface SeeAllSponsorsProps {
  sponsors: SponsorSummary[];
  categories: Category[];
  /** docs/product.md §3 sponsorFilter: the category filter only when the event turns it on. */
  hasCategoryFilter: boolean;
  /** Where the current sponsor page was opened from: the chosen sponsor's page keeps it. */
  origin: SponsorOrigin;
  /** The locale's `sponsors` section. */
  messages: Messages;
}

/** docs/product.md §2 see-all-sponsors modal: 12 a page, search and category; choosing one opens its page. */
export default function SeeAllSponsors({ sponsors, categories, hasCategoryFilter, origin, messages }: SeeAllSponsorsProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const searchId = useId();
  const categoryId = useId();
  const matches = useMemo(() => filterSponsors(sponsors, search, category), [sponsors, search, category]);
  const pages = Math.max(1, Math.ceil(matches.length / SPONSOR_PAGE_SIZE));
  const shown = matches.slice((page - 1) * SPONSOR_PAGE_SIZE, page * SPONSOR_PAGE_SIZE);

  return (
    <>
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>{t('sponsors.seeAll')}</button>
      <Dialog isOpen={isOpen} title={t('sponsors.seeAllTitle')} closeLabel={t('sponsors.close')} onClose={() => setOpen(false)} className="dialog-wide see-all">
        <div className="see-all-filters">
          <label htmlFor={searchId}>{t('sponsors.search')}</label>
          <input id={searchId} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
          {hasCategoryFilter && categories.length > 0 && (
            <>
              <label htmlFor={categoryId}>{t('sponsors.category')}</label>
              <select id={categoryId} value={category ?? ''} onChange={(e) => { setCategory(e.target.value ? Number(e.target.value) : null); setPage(1); }}>
                <option value="">{t('sponsors.allCategories')}</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </>
          )}
        </div>
        {shown.length === 0 ? <p role="status">{t('sponsors.noResults')}</p> : (
          <ul className="see-all-list">
            {shown.map((s) => (
              <li key={s.id}>
                <a href={sponsorHref(s.id, origin)} className="see-all-item">
                  {s.logoUrl && <img src={s.logoUrl} alt="" width={64} height={40} />}
                  <span>{s.name}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav className="see-all-pages" aria-label={t('sponsors.seeAllTitle')}>
            <button type="button" className="button secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>{t('sponsors.previousPage')}</button>
            <span>{t('sponsors.pageOf', { page, pages })}</span>
            <button type="button" className="button secondary" disabled={page === pages} onClick={() => setPage(page + 1)}>{t('sponsors.nextPage')}</button>
          </nav>
        )}
      </Dialog>
    </>
  );
}
