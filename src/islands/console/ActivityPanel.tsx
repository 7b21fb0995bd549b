import { useMemo } from 'react';
import type { AuditEntry, ConsolePoll } from '~/contracts/console';
import { formatDate } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import { activitySubject } from './activity-subject';
import type { ControlFailure as Failure } from './console.store';
import { ControlFailure } from './ControlFailure';

interface Props {
  entries: AuditEntry[];
  /** The event's polls, to name a poll by its title. */
  polls: ConsolePoll[];
  failure: Failure | undefined;
  zone: string;
  locale: string;
  t: Translate;
}

/** Every change made from the console, newest first: who, what, to what, when. */
export function ActivityPanel({ entries, polls, failure, zone, locale, t }: Props) {
  const pollTitles = useMemo(() => new Map(polls.map((poll) => [poll.id, poll.title])), [polls]);
  return (
    <section className="console-panel" id="console-activity" aria-labelledby="console-activity-title">
      <h2 id="console-activity-title">{t('console.activity.title')}</h2>
      <ControlFailure failure={failure} t={t} />
      {entries.length === 0 ? <p className="console-empty">{t('console.activity.none')}</p> : (
        <ol className="console-list" data-testid="activity">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, 'dayTime', zone, locale)}</time>
              <span className="console-name">{entry.userName || t('console.activity.someone')}</span>
              <span>{t(`console.activity.actions.${entry.action}`)}</span>
              <span className="console-kind console-url console-subject">{activitySubject(entry, pollTitles, t)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
