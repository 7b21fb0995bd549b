import { useState } from 'react';
import type { Poll, QuizItemAnswer } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { AnswerInput } from './AnswerInput';
import { EMPTY_DRAFT, isDraftComplete, pollKind, stepperState, type Draft } from './poll-view';
import { answerQuiz, type SubmitFailure } from './polls.store';

/** The answer of one item as quizAnswer takes it. */
export function itemAnswer(item: Poll, draft: Draft): QuizItemAnswer {
  const answers = pollKind(item) === 'openText' ? [draft.text.trim()] : draft.choices;
  return { id: item.id, pollId: item.id, answers, comment: draft.comment.trim() || null };
}

/** docs/product.md §4 quiz (and coded quiz): Next/Previous through the items, every answer sent at the end. */
export function QuizStepper({ quiz, t }: { quiz: Poll; t: Translate }) {
  const items = quiz.items.map((item) => item.poll);
  const [index, setIndex] = useState(0);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [isSending, setSending] = useState(false);
  const [isThanked, setThanked] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  if (quiz.isAnswered || items.length === 0) {
    return (
      <div className="poll-form">
        <p role="status" className="poll-status">{isThanked ? t('polls.thankYouQuiz') : items.length === 0 ? t('polls.noItems') : t('polls.quizAnswered')}</p>
        {quiz.score && quiz.publicResults && <p className="poll-score">{t('polls.score', { correct: quiz.score.correct, total: quiz.score.total })}</p>}
        {quiz.isAnswered && !quiz.publicResults && <p className="poll-note">{t('polls.notPublic')}</p>}
      </div>
    );
  }
  if (!quiz.isOpen) return <p role="status" className="poll-status">{t('polls.closed')}</p>;

  const step = stepperState(index, items.length);
  const item = items[index] ?? items[0]!;
  const draft = drafts[item.id] ?? EMPTY_DRAFT;
  const isComplete = isDraftComplete(item, draft);

  async function submitAll() {
    setSending(true);
    setFailure(null);
    const answer = await answerQuiz(quiz, items.map((one) => itemAnswer(one, drafts[one.id] ?? EMPTY_DRAFT)));
    setSending(false);
    if (answer.ok) setThanked(true);
    else setFailure(answer.reason);
  }

  return (
    <form className="poll-form" aria-busy={isSending}
      onSubmit={(e) => { e.preventDefault(); if (!isComplete) return; if (step.isLast) void submitAll(); else setIndex(index + 1); }}>
      <p className="poll-step" aria-live="polite">{t('polls.step', { position: step.position, count: items.length })}</p>
      <h3 className="poll-question">{item.question || item.title}</h3>
      <AnswerInput key={item.id} poll={item} draft={draft} onChange={(next) => setDrafts({ ...drafts, [item.id]: next })}
        isMulti={pollKind(item) === 'choice' && !item.hasOneCorrectAnswer} isLocked={isSending} t={t} />
      <div className="poll-actions">
        {step.canGoBack && <button type="button" className="button secondary" disabled={isSending} onClick={() => setIndex(index - 1)}>{t('polls.previous')}</button>}
        <button type="submit" className="button" disabled={!isComplete || isSending}>
          {step.isLast ? (isSending ? t('polls.sending') : t('polls.submit')) : t('polls.next')}
        </button>
      </div>
      {failure && <p role="alert" className="notice error">{t(`polls.${failure}`)}</p>}
    </form>
  );
}
