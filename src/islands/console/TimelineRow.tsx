import type { ConsoleTimelineItem } from '~/contracts/console';
import { messageText } from '~/islands/timeline/relative-time';
import { formatDate } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import type { ControlFailure as Failure } from './console.store';
import { ControlFailure } from './ControlFailure';
import { authorOf, type ModeratedEntry } from './moderated-entry';

interface Props {
  item: ConsoleTimelineItem;
  pending: ReadonlySet<string>;
  failures: Record<string, Failure | undefined>;
  onRemove: (entry: ModeratedEntry) => void;
  onPromote: (item: ConsoleTimelineItem) => void;
  zone: string;
  locale: string;
  t: Translate;
}

/** One post or promoted item with its comments, each removable; a post can be promoted, a promoted item's link and platforms changed. */
export function TimelineRow({ item, pending, failures, onRemove, onPromote, zone, locale, t }: Props) {
  const author = (entry: ModeratedEntry) => authorOf(entry, t);
  const head = (entry: ModeratedEntry) => (
    <p className="console-meta">
      <span className="console-name">{author(entry)}</span>
      <time dateTime={entry.CreatedOn}>{formatDate(entry.CreatedOn, 'dayTime', zone, locale)}</time>
    </p>
  );
  const remove = (entry: ModeratedEntry) => (
    <button type="button" className="button secondary console-danger" disabled={pending.has(`item:${entry.TimelineID}`)}
      aria-label={t('console.timeline.removeOf', { author: author(entry) })} onClick={() => onRemove(entry)}>
      {t('console.timeline.remove')}
    </button>
  );
  const isPromoted = item.isPromo === '1';
  return (
    <li data-timeline-id={item.TimelineID}>
      {head(item)}
      {isPromoted && <span className="console-state is-on">{t('console.timeline.promoted')}</span>}
      {item.Message && <p className="console-message">{messageText(item.Message)}</p>}
      {item.imageUrls.length > 0 && <p className="console-note">{t('console.timeline.pictures', { count: item.imageUrls.length })}</p>}
      <div className="console-actions">
        <button type="button" className="button secondary" disabled={pending.has(`item:${item.TimelineID}`)}
          aria-label={t(isPromoted ? 'console.timeline.editPromotionOf' : 'console.timeline.promoteOf', { author: author(item) })} onClick={() => onPromote(item)}>
          {t(isPromoted ? 'console.timeline.editPromotion' : 'console.timeline.promote')}
        </button>
        {remove(item)}
      </div>
      <ControlFailure failure={failures[`item:${item.TimelineID}`]} t={t} />
      {item.Comments.length > 0 && (
        <ul className="console-comments" aria-label={t('console.timeline.comments', { count: item.Comments.length })}>
          {item.Comments.map((comment) => (
            <li key={comment.TimelineID} data-timeline-id={comment.TimelineID}>
              {head(comment)}
              {comment.Message && <p className="console-message">{messageText(comment.Message)}</p>}
              {remove(comment)}
              <ControlFailure failure={failures[`item:${comment.TimelineID}`]} t={t} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
