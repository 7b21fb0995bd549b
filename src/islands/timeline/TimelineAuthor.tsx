import type { TimelineAuthor as Author } from '~/contracts/timeline';
import { emitPageEvent } from '~/lib/page-events';
import type { Translate } from '~/lib/translate';
import { relativeTime } from './relative-time';

export interface TimelineAuthorProps {
  author: Author | null;
  createdOn: string;
  now: number;
  locale: string;
  t: Translate;
}

/** Avatar, name (opens the author's profile, owned by the participant islands) and the relative time. */
export function TimelineAuthor({ author, createdOn, now, locale, t }: TimelineAuthorProps) {
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
        <time className="timeline-time" dateTime={createdOn} title={new Date(createdOn).toLocaleString(locale)}>
          {relativeTime(createdOn, now, locale, t('timeline.justNow'))}
        </time>
      </div>
    </div>
  );
}
