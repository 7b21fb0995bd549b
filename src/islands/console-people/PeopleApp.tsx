import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { ConsolePeoplePage, ConsolePerson } from '~/contracts/console-people';
import { createT, type Messages } from '~/lib/translate';
import { ImportPanel } from './ImportPanel';
import { PersonPanel } from './PersonPanel';
import { $page, $query, initPeople, search } from './people.store';
import '~/islands/console/console.css';
import './people.css';

interface Props {
  page: ConsolePeoplePage;
  messages: Messages;
}

const nameOf = (p: ConsolePerson) => `${p.firstName} ${p.lastName}`.trim();

/** The console's people page (docs/console.md "People"): the searchable, paged list, one attendee's panel, the import and the exports. */
export default function PeopleApp({ page: first, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  useEffect(() => initPeople(first), [first]);
  const page = useStore($page) ?? first;
  const query = useStore($query);
  const [text, setText] = useState('');
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const person = typeof open === 'number' ? page.people.find((p) => p.id === open) : undefined;

  return (
    <div className="people-layout">
      <section className="console-panel" aria-labelledby="people-title">
        <h2 id="people-title">{t('console.people.title')}</h2>
        <form className="console-row people-search" role="search" onSubmit={(e) => { e.preventDefault(); search(text.trim()); }}>
          <label className="visually-hidden" htmlFor="people-q">{t('console.people.search')}</label>
          <input id="people-q" type="search" value={text} placeholder={t('console.people.searchHint')} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="button">{t('console.people.searchButton')}</button>
        </form>
        <div className="console-actions">
          <button type="button" className="button" onClick={() => setOpen('new')}>{t('console.people.add')}</button>
          <a className="button secondary" href="/api/console/people/export?format=xlsx" download>{t('console.people.exportXlsx')}</a>
          <a className="button secondary" href="/api/console/people/export?format=csv" download>{t('console.people.exportCsv')}</a>
        </div>
        <p className="console-hint" aria-live="polite">{query.q === '' ? t('console.people.count', { count: page.total }) : t('console.people.found', { count: page.total, q: query.q })}</p>
        {page.people.length === 0 ? <p className="console-empty">{t('console.rows.empty')}</p> : (
          <ul className="console-list people-list">
            {page.people.map((p) => (
              <li key={p.id} aria-current={open === p.id ? 'true' : undefined}>
                <span className="console-name">{nameOf(p)}</span>
                <span className="people-email">{p.email}</span>
                {p.company && <span className="console-note">{p.company}</span>}
                <span className="people-states">
                  {p.checkedInAt && <span className="console-state is-on">{t('console.people.checkedIn')}</span>}
                  {p.online && <span className="console-state is-on">{t('console.people.online')}</span>}
                  {p.organiser && <span className="console-state">{t('console.people.organiser')}</span>}
                  {p.hidden && <span className="console-state">{t('console.people.hidden')}</span>}
                </span>
                <button type="button" className="button secondary" onClick={() => setOpen(p.id)} aria-label={t('console.rows.editOf', { name: nameOf(p) })}>
                  {t('console.rows.edit')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <nav className="console-actions people-pager" aria-label={t('console.people.pages')}>
          <button type="button" className="button secondary" disabled={page.page <= 1} onClick={() => search(query.q, page.page - 1)}>{t('console.people.previous')}</button>
          <span className="console-hint">{t('console.people.pageOf', { page: page.page, pages })}</span>
          <button type="button" className="button secondary" disabled={page.page >= pages} onClick={() => search(query.q, page.page + 1)}>{t('console.people.next')}</button>
        </nav>
      </section>
      <div className="console-column">
        {open !== null && (open === 'new' || person) && (
          <PersonPanel key={String(open)} person={person} onClose={() => setOpen(null)} onCreated={(id) => setOpen(id)} t={t} />
        )}
        <ImportPanel t={t} />
      </div>
    </div>
  );
}
