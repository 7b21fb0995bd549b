import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { Platform } from '~/contracts/event-settings';
import type { TimelineFirstView, TimelineItem } from '~/contracts/timeline';
import { createT, type Messages } from '~/lib/translate';
import { useHydrated } from '~/islands/ui/use-hydrated';
import { useViewer } from '~/islands/viewer/use-viewer';
import { PostForm } from './PostForm';
import { followTarget } from './promoted-actions';
import { isPanelKind, type PromotedTarget } from './promoted-link';
import { PromotedItem } from './PromotedItem';
import { PromotedPanel } from './PromotedPanel';
import { useNow } from './relative-time';
import { TimelinePost, type ViewerRules } from './TimelinePost';
import { $items, $likesInFlight, $loadingMore, $nextBefore, $promoted, $state, initTimeline, loadMore, reload } from './timeline.store';
import './timeline.css';

export interface TimelineTabProps {
  eventId: number;
  locale: string;
  /** digital on the stage and in the lobby, webApp in the web app (docs/product.md §3). */
  platform: Platform;
  canPost: boolean;
  canComment: boolean;
  canChat: boolean;
  /** Sections timeline and polls of the locale (messagesFor). */
  messages: Messages;
  /**
   * The first posts and promoted items as the server rendered them (TimelinePanel.astro), read for
   * any member: no likes or own posts in it. Hydration shows it without viewer buttons; the island
   * then reads the viewer's own view. Null: the island loads them.
   */
  initial?: TimelineFirstView | null;
}

/** The post or promoted item whose picture is shown first: the page's largest paint, fetched early. */
const firstPictured = (lists: TimelineItem[][]): number | undefined =>
  lists.flat().find((item) => item.imageUrls.length > 0)?.TimelineID;

/**
 * docs/product.md §2 timeline tab: promoted items first, then posts (newest first, older ones on request),
 * then the post form; mode 'promo' shows the promoted page panel instead (docs/product.md §4).
 */
export default function TimelineTab(props: TimelineTabProps) {
  const { eventId, locale, platform, initial } = props;
  initTimeline(eventId, platform, initial);
  const viewer = useViewer(eventId);
  const t = useMemo(() => createT(props.messages), [props.messages]);
  // Hydration renders the server's first view, relative times from its clock, so it matches the
  // HTML (no React #418); every later render shows the store and the browser's clock.
  const served = useHydrated() ? null : initial;
  const storedItems = useStore($items);
  const storedPromoted = useStore($promoted);
  const storedState = useStore($state);
  const storedNextBefore = useStore($nextBefore);
  const items = served?.items ?? storedItems;
  const promoted = served?.promoted ?? storedPromoted;
  const state = served ? 'loaded' : storedState;
  const nextBefore = served ? served.nextBefore : storedNextBefore;
  const isLoadingMore = useStore($loadingMore);
  const inFlight = useStore($likesInFlight);
  const browserNow = useNow();
  const now = served?.readAt ?? browserNow;
  const pictured = firstPictured([promoted, items]);
  const [page, setPage] = useState<PromotedTarget | null>(null);
  const viewerId = served ? null : viewer?.userId ?? null;
  const rules: ViewerRules = { userId: viewerId, locale, canComment: props.canComment, canChat: props.canChat };

  const open = (target: PromotedTarget) => {
    if (isPanelKind(target)) setPage(target);
    else void followTarget(eventId, target);
  };

  if (page) {
    return <div className="timeline"><PromotedPanel eventId={eventId} target={page} pollMessages={props.messages} t={t} onClose={() => setPage(null)} /></div>;
  }
  if (state === 'loading') return <div className="timeline" aria-busy="true"><p className="timeline-note">{t('timeline.loading')}</p></div>;
  if (state === 'failed') {
    return (
      <div className="timeline">
        <p role="alert">{t('timeline.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void reload()}>{t('timeline.retry')}</button>
      </div>
    );
  }
  return (
    <div className="timeline">
      {promoted.length > 0 && (
        <div className="timeline-promoted">
          {promoted.map((item) => <PromotedItem key={item.TimelineID} item={item} platform={platform} isPriority={item.TimelineID === pictured} t={t} onOpen={open} />)}
        </div>
      )}
      <div className="timeline-feed" aria-live="polite" aria-relevant="additions">
        {items.length === 0 && <p className="timeline-note">{t('timeline.empty')}</p>}
        {items.map((item) => (
          <TimelinePost key={item.TimelineID} item={item} rules={rules} isLikeInFlight={inFlight.has(item.TimelineID)}
            isPriority={item.TimelineID === pictured} now={now} t={t} />
        ))}
      </div>
      {nextBefore !== null && (
        <button type="button" className="button secondary timeline-more" disabled={isLoadingMore} onClick={() => void loadMore()}>
          {t('timeline.older')}
        </button>
      )}
      {props.canPost && <PostForm t={t} />}
    </div>
  );
}
