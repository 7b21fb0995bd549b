import { useId } from 'react';
import type { ConsolePoll } from '~/contracts/console';
import { QUESTION_TYPE } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { commandPoll, setResultsShown, type ControlFailure as Failure } from './console.store';
import { ControlFailure } from './ControlFailure';
import { pollRowId } from './poll-focus';

/** The text key of each kind of poll (the console and the poll editor name them alike). */
export const KIND: Record<number, string> = {
  [QUESTION_TYPE.MULTIPLE_ANSWERS]: 'polls.kind.poll', [QUESTION_TYPE.OPEN_TEXT]: 'polls.kind.openText', [QUESTION_TYPE.QUIZ]: 'polls.kind.quiz',
  [QUESTION_TYPE.TREASURE_HUNT]: 'polls.kind.hunt', [QUESTION_TYPE.CODED_POLL]: 'polls.kind.codedPoll', [QUESTION_TYPE.CODED_QUIZ]: 'polls.kind.codedQuiz',
  [QUESTION_TYPE.RATING]: 'polls.kind.rating',
};
const QUIZZES: readonly number[] = [QUESTION_TYPE.QUIZ, QUESTION_TYPE.CODED_QUIZ];
/** Kinds the projector presents: a quiz's leaderboard, an open-text poll's answers. */
const PRESENTED: readonly number[] = [...QUIZZES, QUESTION_TYPE.OPEN_TEXT];

/** The results screen of a poll's kind (docs/product.md §2 management pages). */
function resultsHref(poll: ConsolePoll): string {
  const key = encodeURIComponent(poll.accessKey);
  if (QUIZZES.includes(poll.questionType)) return `/quiz-management/${key}`;
  if (poll.questionType === QUESTION_TYPE.TREASURE_HUNT) return `/treasure-hunt-management/${key}`;
  return `/pollResults/${key}`;
}

interface Props {
  poll: ConsolePoll;
  /** The row shows its controls (a Live-now row's jump unfolds it too). */
  isUnfolded: boolean;
  onToggle: (isUnfolded: boolean) => void;
  isPending: boolean;
  failure: Failure | undefined;
  /** Asks before the reset, which deletes every answer. */
  onReset: (poll: ConsolePoll) => void;
  t: Translate;
}

/**
 * One poll as a row that unfolds (docs/console.md "The page"): folded, its title and state; unfolded,
 * its controls. What starts something comes first where the thumb lands (open, put on the stage);
 * what ends it (close) and what deletes (reset) come last.
 */
export function PollRow({ poll, isUnfolded, onToggle, isPending, failure, onReset, t }: Props) {
  const titleId = useId();
  const button = (label: string, act: () => void, className = 'button secondary') => (
    <button type="button" className={className} disabled={isPending} aria-describedby={titleId} onClick={act}>{label}</button>
  );
  return (
    <li className="console-poll" id={pollRowId(poll.id)} data-poll-id={poll.id}>
      <details open={isUnfolded} onToggle={(event) => onToggle(event.currentTarget.open)}>
        <summary className="console-poll-summary">
          <span className="console-name" id={titleId}>{poll.title}</span>
          <span className="console-meta">
            <span className={`console-state${poll.isOpen ? ' is-on' : ''}`}>{t(poll.isOpen ? 'console.polls.open' : 'console.polls.closed')}</span>
            {poll.isPromoted && <span className="console-state is-on">{t('console.polls.onStage')}</span>}
            <span data-testid="poll-answers">{t('console.polls.answers', { count: poll.answers })}</span>
          </span>
        </summary>
        <p className="console-meta">
          <span className="console-kind">{t(KIND[poll.questionType] ?? 'polls.kind.poll')}</span>
          <span>{t(poll.publicResults ? 'console.polls.resultsShown' : 'console.polls.resultsHidden')}</span>
        </p>
        <div className="console-actions">
          {!poll.isOpen && button(t('console.polls.openIt'), () => void commandPoll(poll.id, 'open'), 'button primary')}
          {button(t(poll.isPromoted ? 'console.polls.unpromote' : 'console.polls.promote'), () => void commandPoll(poll.id, poll.isPromoted ? 'unpromote' : 'promote'),
            poll.isOpen && !poll.isPromoted ? 'button primary' : 'button secondary')}
          {button(t(poll.publicResults ? 'console.polls.hideResults' : 'console.polls.showResults'), () => void setResultsShown(poll.id, !poll.publicResults))}
          {poll.isOpen && button(t('console.polls.close'), () => void commandPoll(poll.id, 'close'))}
          {button(t('console.polls.reset'), () => onReset(poll), 'button secondary console-danger')}
        </div>
        <p className="console-links">
          <a href={resultsHref(poll)} aria-describedby={titleId}>{t('console.polls.results')}</a>
          {PRESENTED.includes(poll.questionType) && <a href={`/console/present/${poll.id}`} aria-describedby={titleId}>{t('console.polls.present')}</a>}
        </p>
      </details>
      <ControlFailure failure={failure} t={t} />
    </li>
  );
}
