import type { PageEventName } from '~/contracts/page-events';
import type { RealtimeEventName } from '~/contracts/realtime';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InfoPage, InfoPageSummary } from '~/contracts/content';
import type { Platform } from '~/contracts/event-settings';
import { createT, type Messages } from '~/lib/translate';
import { fetchInfoPage, fetchInfoPages } from './content.store';
import { useLiveRefresh } from './use-live-refresh';

const INFO_PAGE_EVENTS = ['info-page-change'] as const satisfies RealtimeEventName[];
const PAGE_EVENTS: readonly PageEventName[] = ['info-pages-changed'];

export interface InfoPagesProps {
  eventId: number;
  platform: Platform;
  initial: InfoPageSummary[];
  /** The locale's `infoPages` section. */
  messages: Messages;
}

type View = { kind: 'list' } | { kind: 'loading'; id: number } | { kind: 'page'; page: InfoPage } | { kind: 'failed' };

/** The information pages of the platform and one page's text, personalised and sanitised by the server. */
export default function InfoPages({ eventId, platform, initial, messages }: InfoPagesProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const [pages, setPages] = useState(initial);
  const [view, setView] = useState<View>({ kind: 'list' });
  const heading = useRef<HTMLHeadingElement>(null);

  const reload = useCallback(() => {
    fetchInfoPages(eventId, platform).then(setPages, () => undefined);
  }, [eventId, platform]);
  useLiveRefresh(INFO_PAGE_EVENTS, reload, PAGE_EVENTS);

  useEffect(() => { if (view.kind === 'page') heading.current?.focus(); }, [view]);

  async function open(id: number) {
    setView({ kind: 'loading', id });
    try {
      setView({ kind: 'page', page: await fetchInfoPage(eventId, id) });
    } catch {
      setView({ kind: 'failed' });
    }
  }

  if (view.kind === 'page' || view.kind === 'failed') {
    return (
      <div className="info-page">
        <button type="button" className="button secondary" onClick={() => setView({ kind: 'list' })}>{t('infoPages.back')}</button>
        {view.kind === 'page' ? (
          <article>
            <h3 ref={heading} tabIndex={-1}>{view.page.Heading}</h3>
            {/* Tekst is sanitised on the server (allow-list) after placeholders were filled, escaped. */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: view.page.Tekst }} />
          </article>
        ) : <p role="alert">{t('infoPages.loadFailed')}</p>}
      </div>
    );
  }
  if (pages.length === 0) return <p>{t('infoPages.empty')}</p>;
  return (
    <ul className="info-pages">
      {pages.map((p) => (
        <li key={p.PageID}>
          <button type="button" className="info-page-link" onClick={() => void open(p.PageID)}
            aria-busy={view.kind === 'loading' && view.id === p.PageID}>
            {p.Heading}
          </button>
        </li>
      ))}
      {view.kind === 'loading' && <li role="status" className="visually-hidden">{t('infoPages.loading')}</li>}
    </ul>
  );
}
