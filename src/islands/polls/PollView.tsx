import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Poll } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { pollKind } from './poll-view';
import { $polls, loadPoll, refreshPoll } from './polls.store';
import { QuizStepper } from './QuizStepper';
import { SinglePoll } from './SinglePoll';
import { TreasureHunt } from './TreasureHunt';
import './polls.css';

interface Props {
  pollId: number;
  /** The page's server render, when it has one. */
  initial?: Poll | null | undefined;
  t: Translate;
  /** The heading level of the poll's title: 1 on its own page, 2 in a dialog or panel (default 3). */
  level?: 1 | 2 | 3;
}

/** One poll of any kind, from the store (loading, failed, then the poll's own screen). */
export function PollView({ pollId, initial, t, level = 3 }: Props) {
  const entry = useStore($polls)[pollId];
  useEffect(() => loadPoll(pollId), [pollId]);
  const poll = entry?.poll ?? initial ?? null;
  if (!poll) {
    return entry?.state === 'failed'
      ? (
        <div className="poll-view">
          <p role="alert">{t('polls.loadFailed')}</p>
          <button type="button" className="button secondary" onClick={() => void refreshPoll(pollId)}>{t('polls.retry')}</button>
        </div>
      )
      : <div className="poll-view" aria-busy="true"><p className="poll-note">{t('polls.loading')}</p></div>;
  }
  const Heading = `h${level}` as const;
  const kind = pollKind(poll);
  return (
    <article className="poll-view" data-poll-id={poll.id} data-poll-kind={kind} aria-labelledby={`poll-title-${poll.id}`}>
      <Heading id={`poll-title-${poll.id}`} className="poll-title">{poll.title}</Heading>
      {poll.question && poll.question !== poll.title && <p className="poll-question-text">{poll.question}</p>}
      {poll.description && <p className="poll-description">{poll.description}</p>}
      {kind === 'quiz' ? <QuizStepper quiz={poll} t={t} />
        : kind === 'hunt' ? <TreasureHunt hunt={poll} t={t} />
        : <SinglePoll key={poll.id} poll={poll} t={t} />}
    </article>
  );
}
