import type { Poll } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { percentOf, pollKind } from './poll-view';
import { formatAverage } from '~/lib/rating';

/** docs/product.md §4: an answered poll shows counts per alternative when its results are public, else a note. */
export function PollResults({ poll, t }: { poll: Poll; t: Translate }) {
  const kind = pollKind(poll);
  if (!poll.publicResults) return <p className="poll-note">{t('polls.notPublic')}</p>;
  if (kind === 'openText') return null;
  const total = poll.allVoteCount ?? poll.alternatives.reduce((sum, a) => sum + (a.count ?? 0), 0);
  return (
    <section className="poll-results" aria-label={t('polls.results')}>
      <ul>
        {poll.alternatives.map((alternative) => {
          const percent = percentOf(alternative.count, total);
          const isMine = poll.selectedAnswer.includes(alternative.id);
          return (
            <li key={alternative.id} className={isMine ? 'is-mine' : undefined} data-alternative={alternative.text} data-count={alternative.count ?? 0}>
              <span className="poll-result-label">
                {alternative.text}{isMine && <span className="poll-mine"> ({t('polls.yourChoice')})</span>}
              </span>
              <span className="poll-result-count">{t('polls.votes', { count: alternative.count ?? 0 })} · {percent} %</span>
              <span className="poll-bar" aria-hidden="true"><span style={{ width: `${percent}%`, background: alternative.color ?? undefined }} /></span>
            </li>
          );
        })}
      </ul>
      <p className="poll-total">
        {t('polls.participants', { count: poll.participantsCount ?? 0 })}
        {kind === 'rating' && poll.average !== null && <> · {t('polls.average', { average: formatAverage(poll.average) })}</>}
      </p>
    </section>
  );
}
