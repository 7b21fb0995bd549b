import { useEffect, useState } from 'react';
import { PARTICIPANT_PAGE_SIZE, type Participant } from '~/contracts/participants';
import { participantsApi } from '~/islands/participants/participants.store';
import type { Translate } from '~/lib/translate';
import { Avatar } from './Avatar';
import { openChatWith, showScreen } from './chat.store';

const SEARCH_DELAY_MS = 500;
const PAGE_SIZE = PARTICIPANT_PAGE_SIZE;

/** One page of the docs/product.md §7 `users` call (visible attendees; the participants' search), without me. */
async function fetchPeople(eventId: number, me: number, search: string, page: number): Promise<Participant[]> {
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE), ...(search ? { search } : {}) });
  return (await participantsApi.page(eventId, query)).filter((p) => p.UserID !== me);
}

/** docs/product.md §2 new chat: the participants (search with a 500 ms delay, back to page 1); picking one opens the chat of the pair. */
export function NewChatPane({ eventId, me, t }: { eventId: number; me: number; t: Translate }) {
  const [search, setSearch] = useState('');
  const [people, setPeople] = useState<Participant[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [failedOpen, setFailedOpen] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setState('loading');
      fetchPeople(eventId, me, search.trim(), 1).then((found) => {
        if (!live) return;
        setPeople(found);
        setPage(1);
        setHasMore(found.length >= PAGE_SIZE - 1);
        setState('loaded');
      }, () => { if (live) setState('failed'); });
    }, search ? SEARCH_DELAY_MS : 0);
    return () => { live = false; clearTimeout(timer); };
  }, [eventId, me, search]);

  const more = async () => {
    const next = await fetchPeople(eventId, me, search.trim(), page + 1).catch(() => []);
    setPeople((known) => [...known, ...next.filter((p) => !known.some((k) => k.UserID === p.UserID))]);
    setPage(page + 1);
    setHasMore(next.length >= PAGE_SIZE - 1);
  };

  return (
    <div className="chat-new-pane">
      <div className="chat-pane-header">
        <button type="button" className="button secondary" onClick={() => showScreen({ mode: 'list' })}>{t('chat.back')}</button>
        <h3>{t('chat.newChat')}</h3>
      </div>
      <input type="search" className="chat-search" value={search} onChange={(e) => setSearch(e.target.value)}
        aria-label={t('chat.peopleSearch')} placeholder={t('chat.peopleSearch')} />
      {state === 'failed' && <p className="chat-note" role="alert">{t('chat.failed')}</p>}
      {failedOpen && <p className="chat-note" role="alert">{t('chat.openFailed')}</p>}
      {state === 'loaded' && people.length === 0 && <p className="chat-note">{t('chat.peopleEmpty')}</p>}
      <ul className="chat-list" aria-label={t('chat.peopleLabel')} aria-busy={state === 'loading'}>
        {people.map((person) => {
          const name = `${person.Firstname} ${person.Lastname}`.trim();
          return (
            <li key={person.UserID}>
              <button type="button" className="chat-list-item"
                onClick={() => void openChatWith(person.UserID).then((ok) => setFailedOpen(!ok))}>
                <Avatar user={person} showOnline />
                <span className="chat-list-text">
                  <span className="chat-list-name">{name}</span>
                  {(person.Jobtitle || person.Company) && (
                    <span className="chat-list-last">{[person.Jobtitle, person.Company].filter(Boolean).join(', ')}</span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && <button type="button" className="button secondary" onClick={() => void more()}>{t('chat.morePeople')}</button>}
    </div>
  );
}
