import { useState } from 'react';
import type { Poll } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { AnswerInput } from './AnswerInput';
import { PollResults } from './PollResults';
import { EMPTY_DRAFT, isDraftComplete, pollKind, type Draft } from './poll-view';
import { answerChoice, answerFreeText, answerTemplateRating, type SubmitFailure } from './polls.store';

/** A choice, coded, rating or open-text poll: unanswered → thank-you → answered (locked) with results. */
export function SinglePoll({ poll, t }: { poll: Poll; t: Translate }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [isSending, setSending] = useState(false);
  const [isThanked, setThanked] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const kind = pollKind(poll);
  const isLocked = poll.isAnswered || !poll.isOpen;
  const shown: Draft = poll.isAnswered
    ? { choices: poll.selectedAnswer, text: poll.freeTextAnswer ?? '', comment: poll.comment ?? '' }
    : draft;

  async function send() {
    setSending(true);
    setFailure(null);
    const answer = kind === 'openText' ? await answerFreeText(poll, draft.text)
      : kind === 'rating' && (poll.isTemplate || poll.templateId !== null) ? await answerTemplateRating(poll, draft.choices[0] ?? 0, draft.comment.trim())
      : await answerChoice(poll, draft.choices, kind === 'rating' ? draft.comment.trim() : undefined);
    setSending(false);
    if (answer.ok) setThanked(true);
    else setFailure(answer.reason);
  }

  return (
    <form className="poll-form" onSubmit={(e) => { e.preventDefault(); if (!isLocked && isDraftComplete(poll, draft)) void send(); }}>
      <AnswerInput poll={poll} draft={shown} onChange={setDraft} isMulti={false} isLocked={isLocked || isSending} t={t} />
      {!isLocked && (
        <div className="poll-actions">
          <button type="submit" className="button" disabled={!isDraftComplete(poll, draft) || isSending}>
            {isSending ? t('polls.sending') : t('polls.send')}
          </button>
        </div>
      )}
      <p role="status" className="poll-status">
        {isThanked ? t('polls.thankYou') : poll.isAnswered ? t('polls.answered') : !poll.isOpen ? t('polls.closed') : ''}
      </p>
      {failure && <p role="alert" className="notice error">{t(`polls.${failure}`)}</p>}
      {poll.isAnswered && <PollResults poll={poll} t={t} />}
    </form>
  );
}
