import { useState } from 'react';
import type { ResultPoll } from '~/contracts/poll-results';
import type { Translate } from '~/lib/translate';
import { isChartable, nextChartKind, type ChartKind } from './chart-data';
import { ResultsChart } from './ResultsChart';
import { formatAverage } from '~/lib/rating';

/** One question's results: the chart with its kind toggle, or the comment list instead (docs/product.md §2). */
export function PollPanel({ poll, expected, t, large = false }: { poll: ResultPoll; expected?: number | undefined; t: Translate; large?: boolean }) {
  const [kind, setKind] = useState<ChartKind>('bar');
  const [showComments, setShowComments] = useState(false);
  const chartable = isChartable(poll);
  return (
    <section className={`poll-panel${large ? ' is-large' : ''}`} aria-labelledby={`poll-panel-${poll.id}`}>
      <h2 id={`poll-panel-${poll.id}`} className="results-subtitle">{poll.title}</h2>
      {poll.question && poll.question !== poll.title && <p className="results-question">{poll.question}</p>}
      <p className="results-counts">
        {t('pollResults.participants', { count: poll.participantsCount })}
        {chartable && <> · {t('pollResults.votes', { count: poll.allVoteCount })}</>}
        {poll.average !== null && <> · {t('pollResults.averageValue', { value: formatAverage(poll.average) })}</>}
      </p>
      {chartable && (
        <div className="poll-panel-tools">
          {!showComments && (
            <button type="button" className="button secondary" onClick={() => setKind(nextChartKind(kind))}>
              {t('pollResults.chartKind', { kind: t(`pollResults.kind_${kind}`) })}
            </button>
          )}
          {poll.comments.length > 0 && (
            <button type="button" className="button secondary" aria-pressed={showComments} onClick={() => setShowComments(!showComments)}>
              {showComments ? t('pollResults.showChart') : t('pollResults.showComments')}
            </button>
          )}
        </div>
      )}
      {chartable && !showComments && <ResultsChart poll={poll} kind={kind} expected={expected} t={t} />}
      {(showComments || (!chartable && poll.votes.length === 0)) && (
        poll.comments.length === 0 ? <p className="results-muted">{t('pollResults.noComments')}</p> : (
          <ul className="comment-list">
            {poll.comments.map((c) => <li key={c.answerId} className={c.isHidden ? 'is-hidden' : undefined}>{c.comment}</li>)}
          </ul>
        )
      )}
    </section>
  );
}
