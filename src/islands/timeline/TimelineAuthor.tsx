import type { TimelineAuthor as Author } from '~/contracts/timeline';
import { emitPageEvent } from '~/lib/page-events';
import { formatDate } from '~/lib/dates';
import { pageTimeZone } from '~/lib/page-time-zone';
import type { Translate } from '~/lib/translate';
import { useHydrated } from '~/islands/ui/use-hydrated';
import { relativeTime } from './relative-time';

export interface TimelineAuthorProps {
  author: Author | null;
  createdOn: string;
  now: number;
  locale: string;
  t: Translate;
}

/**
 * Avatar, name (opens the author's profile, owned by the participant islands) and the relative
 * time. The server does not know the reader's clock: until the island has hydrated, an old post's
 * date is in UTC and the full time (the title) is left out, so server and hydration render the
 * same (no React #418); then both are in the event's zone.
 */
export function TimelineAuthor({ author, createdOn, now, locale, t }: TimelineAuthorProps) {
  const isHydrated = useHydrated();
  const name = author ? `${author.Firstname} ${author.Lastname}`.trim() : t('timeline.organiser');
  return (
    <div className="timeline-author">
      {author?.Picture
        ? <img className="timeline-avatar" src={author.Picture} alt="" width={36} height={36} />
        : <span className="timeline-avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
      <div>
        {author
          ? <button type="button" className="timeline-link timeline-name" onClick={() => emitPageEvent('open-profile', { userId: author.UserID })}>{name}</button>
          : <span className="timeline-name">{name}</span>}
        <time className="timeline-time" dateTime={createdOn} title={isHydrated ? formatDate(createdOn, 'dateTime', pageTimeZone(), locale) : undefined}>
          {relativeTime(createdOn, now, locale, t('timeline.justNow'), isHydrated ? pageTimeZone() : 'UTC')}
        </time>
      </div>
    </div>
  );
}
