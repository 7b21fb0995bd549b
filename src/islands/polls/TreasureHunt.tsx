import { useState } from 'react';
import type { Poll } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { AnswerInput } from './AnswerInput';
import { EMPTY_DRAFT, huntStartIndex, isDraftComplete, pollKind, stepperState, type Draft } from './poll-view';
import { answerQuiz, type SubmitFailure } from './polls.store';
import { itemAnswer } from './QuizStepper';

/** docs/product.md §4 treasure hunt: starts at the first unanswered item, each Next sends that item (final), no Previous. */
export function TreasureHunt({ hunt, t }: { hunt: Poll; t: Translate }) {
  const items = hunt.items.map((item) => item.poll);
  const index = huntStartIndex(hunt.items);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  if (index >= items.length) {
    return <p role="status" className="poll-status">{items.length === 0 ? t('polls.noItems') : t('polls.huntDone')}</p>;
  }
  if (!hunt.isOpen) return <p role="status" className="poll-status">{t('polls.closed')}</p>;
  const item = items[index]!;
  const step = stepperState(index, items.length);
  const isComplete = isDraftComplete(item, draft);

  async function next() {
    setSending(true);
    setFailure(null);
    // The store takes the hunt as the server answers it, so the next unanswered item comes up.
    const answer = await answerQuiz(hunt, [itemAnswer(item, draft)]);
    setSending(false);
    if (answer.ok) setDraft(EMPTY_DRAFT);
    else setFailure(answer.reason);
  }

  return (
    <form className="poll-form" aria-busy={isSending} onSubmit={(e) => { e.preventDefault(); if (isComplete) void next(); }}>
      <p className="poll-step" aria-live="polite">{t('polls.step', { position: step.position, count: items.length })}</p>
      <h3 className="poll-question">{item.question || item.title}</h3>
      <AnswerInput key={item.id} poll={item} draft={draft} onChange={setDraft} isMulti={pollKind(item) === 'choice' && !item.hasOneCorrectAnswer} isLocked={isSending} t={t} />
      <p className="poll-hint">{t('polls.huntFinal')}</p>
      <div className="poll-actions">
        <button type="submit" className="button" disabled={!isComplete || isSending}>{step.isLast ? t('polls.send') : t('polls.next')}</button>
      </div>
      {failure && <p role="alert" className="notice error">{t(`polls.${failure}`)}</p>}
    </form>
  );
}
