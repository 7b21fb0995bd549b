import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Category } from '~/contracts/categories';
import type { Speaker, SpeakerPage } from '~/contracts/speakers';
import { createT, type Messages } from '~/lib/translate';
import { useChoiceBeforeHydration, useHydrated } from '~/islands/ui/use-hydrated';
import { ContactLinks } from './ContactLinks';
import { SpeakerInfoDialog, SpeakerSessionsDialog } from './SpeakerDialogs';
import { $speakers, filterSpeakersByCategory, hasMore, initSpeakers, loadMoreSpeakers, searchSpeakers, serverState } from './speakers.store';
import '~/islands/agenda/agenda.css';
import './speakers.css';

export interface SpeakersTabProps {
  eventId: number;
  timeZone: string;
  /** The speakers section of the event's locale. */
  messages: Messages;
  initial: SpeakerPage | null;
  /** Speaker categories; the select shows only when the event has speakerFilter on and there are some. */
  categories: Category[];
}

/** docs/product.md §5: more info only with a description, phone or e-mail; sessions only with sessions. */
const hasInfo = (s: Speaker): boolean => Boolean(s.description || s.phoneNumber || s.email);

/** docs/product.md §2 stage speakers tab: search (500 ms), category, infinite paging, info and sessions modals. */
export default function SpeakersTab({ eventId, timeZone, messages, initial, categories }: SpeakersTabProps) {
  initSpeakers({ eventId, initial });
  const t = useMemo(() => createT(messages), [messages]);
  const stored = useStore($speakers);
  const state = useHydrated() ? stored : serverState(initial);
  const [info, setInfo] = useState<Speaker | null>(null);
  const [sessions, setSessions] = useState<Speaker | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = hasMore(state);
  const category = useRef<HTMLSelectElement>(null);
  const chooseCategory = (value: string): void => filterSpeakersByCategory(value ? Number(value) : null);
  useChoiceBeforeHydration(category, String(state.categoryId ?? ''), chooseCategory);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) loadMoreSpeakers(); }, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, state.speakers.length]);

  return (
    <div className="speakers-tab">
      <form className="agenda-filters" role="search" aria-label={t('speakers.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="agenda-field agenda-search">
          <label htmlFor="speakers-search">{t('speakers.search')}</label>
          <input id="speakers-search" type="search" value={state.search} placeholder={t('speakers.searchPlaceholder')}
            onChange={(e) => searchSpeakers(e.currentTarget.value)} />
        </div>
        {categories.length > 0 && (
          <div className="agenda-field">
            <label htmlFor="speakers-category">{t('speakers.category')}</label>
            <select id="speakers-category" ref={category} value={state.categoryId ?? ''} onChange={(e) => chooseCategory(e.currentTarget.value)}>
              <option value="">{t('speakers.allCategories')}</option>
              {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </div>
        )}
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">{state.status === 'idle' ? t(state.total === 1 ? 'speakers.count_one' : 'speakers.count_other', { count: state.total }) : ''}</p>
      {state.speakers.length === 0 && state.status !== 'loading'
        ? <p className="agenda-empty">{t(state.search.trim() || state.categoryId !== null ? 'speakers.noMatch' : 'speakers.noSpeakers')}</p>
        : (
          <ul className="speakers-list">
            {state.speakers.map((s) => {
              const name = `${s.name} ${s.lastName}`;
              return (
                <li key={s.id} className="speaker-item">
                  {s.profileImageUrl
                    ? <img className="speaker-avatar" src={s.profileImageUrl} alt={t('speakers.portrait', { name })} width="56" height="56" loading="lazy" />
                    : <span className="speaker-avatar speaker-initials" aria-hidden="true">{s.name.charAt(0)}{s.lastName.charAt(0)}</span>}
                  <div className="speaker-body">
                    <h3 className="speaker-name">{name}</h3>
                    {(s.jobTitle || s.company) && <p className="speaker-role">{[s.jobTitle, s.company].filter(Boolean).join(', ')}</p>}
                    <ContactLinks links={s.links} name={name} t={t} />
                    <div className="speaker-actions">
                      {hasInfo(s) && (
                        <button type="button" className="button secondary" aria-label={`${t('speakers.moreInfo')}: ${name}`} onClick={() => setInfo(s)}>
                          {t('speakers.moreInfo')}
                        </button>
                      )}
                      {s.sessions.length > 0 && (
                        <button type="button" className="button secondary" aria-label={`${t('speakers.showSessions')}: ${name}`} onClick={() => setSessions(s)}>
                          {t('speakers.showSessions')}
                        </button>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      <div ref={sentinel} className="speakers-sentinel" aria-hidden="true" />
      {more && (
        <button type="button" className="button secondary speakers-more" disabled={state.status === 'loading'} onClick={loadMoreSpeakers}>
          {state.status === 'loading' ? t('speakers.loading') : t('speakers.loadMore')}
        </button>
      )}
      <SpeakerInfoDialog speaker={info} t={t} onClose={() => setInfo(null)} />
      <SpeakerSessionsDialog speaker={sessions} t={t} timeZone={timeZone} onClose={() => setSessions(null)} />
    </div>
  );
}
