import { useStore } from '@nanostores/react';
import type { PollResultsResponse, ResultsIndexResponse } from '~/contracts/poll-results';
import type { Translate } from '~/lib/translate';
import { FreeTextView } from './FreeTextView';
import { OpenTextList } from './OpenTextList';
import { ParticipantTable } from './ParticipantTable';
import { PollPanel } from './PollPanel';
import { QuestionNav } from './QuestionNav';
import { RatingList } from './RatingList';
import { $mode, $questionIndex, $templateRatings, load, loadMore } from './results.store';
import { sortVotes } from './results-rules';

/** What the chosen mode shows for the loaded results (docs/product.md §2 modes: results, stream, open-text management, rating list). */
export function ResultsContent({ eventId, timeZone, results, index, t }: {
  eventId: number; timeZone: string; results: PollResultsResponse | null; index: ResultsIndexResponse | null; t: Translate;
}) {
  const mode = useStore($mode);
  const questionIndex = useStore($questionIndex);
  const templateRatings = useStore($templateRatings);

  if (mode === 'ratings') {
    const rows = templateRatings?.templateResults
      ?? (results && results.items.length > 0
        ? results.items.filter((i) => i.questionType === 10).map((i) => ({ pollId: i.id, title: i.title, average: i.average, answerCount: i.participantsCount }))
        : results?.poll.questionType === 10 ? [{ pollId: results.poll.id, title: results.poll.title, average: results.poll.average, answerCount: results.poll.participantsCount }]
          : index?.ratings ?? []);
    return <RatingList rows={rows} t={t} />;
  }
  if (!results) return <p className="results-muted">{t('pollResults.selectPrompt')}</p>;

  const questions = results.items.length > 0 ? results.items : [results.poll];
  const at = Math.min(questionIndex, questions.length - 1);
  const poll = questions[at]!;
  // A quiz item's "unanswered" are the quiz's participants who did not answer it.
  const expected = results.items.length > 0 ? results.poll.participantsCount : undefined;
  const nav = questions.length > 1 && <QuestionNav items={questions} index={at} onChange={(i) => $questionIndex.set(i)} t={t} />;

  if (mode === 'openText') {
    return <>{nav}<h2 className="results-subtitle">{poll.title}</h2><OpenTextList eventId={eventId} votes={poll.votes} timeZone={timeZone} t={t} onChanged={() => void load()} /></>;
  }
  if (mode === 'stream') {
    const visible = sortVotes(poll.votes).filter((v) => !v.isHidden);
    const shown = visible.find((v) => v.isSelected) ?? visible[0];
    return (
      <>
        {nav}
        {poll.alternatives.length > 0 ? <PollPanel key={poll.id} poll={poll} expected={expected} t={t} large />
          : shown ? <FreeTextView text={shown.label} label={t('pollResults.freeTextLabel')} className="is-stream" />
            : <p className="results-muted">{t('pollResults.noAnswers')}</p>}
      </>
    );
  }
  return (
    <>
      {nav}
      <PollPanel key={poll.id} poll={poll} expected={expected} t={t} />
      {poll.alternatives.length === 0 && poll.votes.length > 0 && (
        <ul className="open-text-list is-readonly">
          {sortVotes(poll.votes).map((v) => <li key={v.answerId} className={`open-text-answer${v.isHidden ? ' is-hidden' : ''}`}><p className="open-text-label">{v.label}</p></li>)}
        </ul>
      )}
      <ParticipantTable results={results} t={t} onMore={() => void loadMore()} />
    </>
  );
}
