import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Participant } from '~/contracts/participants';
import type { ParticipantRules } from '~/lib/participant-rules';
import { createT, type Messages } from '~/lib/translate';
import { useHydrated } from '~/islands/ui/use-hydrated';
import { $onlineLoaded, $onlineUserIds, followOnline } from './online.store';
import { ParticipantCard } from './ParticipantCard';
import { $participants, countLabel, initialParticipants, loadMoreParticipants, searchParticipants, startParticipants } from './participants.store';
import { useViewer } from '~/islands/viewer/use-viewer';
import './participants.css';

export interface ParticipantListProps {
  eventId: number;
  rules: ParticipantRules;
  /** The participants section of the event's locale. */
  messages: Messages;
  /** The first page, rendered on the server. */
  first: Participant[] | null;
}

/** docs/product.md §2 participant list: search (500 ms, back to page 1), count, infinite scrolling cards with online status. */
export default function ParticipantList({ eventId, rules, messages, first }: ParticipantListProps) {
  // Null until hydrated and the viewer's profile call answered: the first render matches the page, the same for every member.
  const ownUserId = useViewer(eventId)?.userId ?? null;
  startParticipants({ eventId, first });
  const t = useMemo(() => createT(messages), [messages]);
  const stored = useStore($participants);
  const isHydrated = useHydrated();
  const state = isHydrated ? stored : initialParticipants(first);
  // Until hydrated, the cards say what the server rendered: another island may have loaded who is online already.
  const online = useStore($onlineUserIds);
  const isOnlineLoaded = useStore($onlineLoaded);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => followOnline(eventId), [eventId]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !state.hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) loadMoreParticipants(); }, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [state.hasMore, state.participants.length]);

  const isSearching = state.search.trim() !== '';
  return (
    <div className="participants-tab">
      <form className="participants-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="participants-search">{t('participants.search')}</label>
        <input id="participants-search" type="search" value={state.search} placeholder={t('participants.searchPlaceholder')}
          onChange={(e) => searchParticipants(e.currentTarget.value)} />
      </form>
      <p className="participants-count" role="status" aria-live="polite">
        {state.status === 'loading' && state.page === 1 ? t('participants.loading') : t('participants.count', { count: countLabel(state) })}
      </p>
      {state.status === 'failed' && <p className="participants-empty" role="alert">{t('participants.failed')}</p>}
      {state.participants.length === 0 && state.status === 'idle'
        ? <p className="participants-empty">{t(isSearching ? 'participants.noMatch' : 'participants.none')}</p>
        : (
          <ul className="participants-list" aria-label={t('participants.listLabel')}>
            {state.participants.map((p) => (
              <ParticipantCard key={p.UserID} participant={p} isSelf={p.UserID === ownUserId} rules={rules} t={t}
                isOnline={isHydrated && isOnlineLoaded ? online.has(p.UserID) : p.Online} />
            ))}
            <li className="participants-sentinel" aria-hidden="true"><div ref={sentinel} /></li>
          </ul>
        )}
      {state.hasMore && (
        <button type="button" className="button secondary participants-more" disabled={state.status === 'loading'} onClick={loadMoreParticipants}>
          {state.status === 'loading' ? t('participants.loading') : t('participants.loadMore')}
        </button>
      )}
    </div>
  );
}
