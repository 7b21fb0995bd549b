import { useId } from 'react';
import type { Poll } from '~/contracts/polls';
import type { Translate } from '~/lib/translate';
import { needsComment, pollKind, toggleChoice, type Draft } from './poll-view';

interface Props {
  poll: Poll;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** Quiz and hunt items may have several right alternatives: check boxes instead of radios. */
  isMulti: boolean;
  /** A stored answer is locked (docs/product.md §4): shown, not changeable. */
  isLocked: boolean;
  t: Translate;
}

/** The answer controls of one poll or item: alternatives, score buttons, or a text field. */
export function AnswerInput({ poll, draft, onChange, isMulti, isLocked, t }: Props) {
  const id = useId();
  const kind = pollKind(poll);
  if (kind === 'openText') {
    return (
      <div className="field poll-text">
        <label htmlFor={`${id}-text`}>{t('polls.freeTextLabel')}</label>
        <textarea id={`${id}-text`} rows={3} maxLength={2000} value={draft.text} readOnly={isLocked}
          onChange={(e) => onChange({ ...draft, text: e.target.value })} />
      </div>
    );
  }
  const isRating = kind === 'rating';
  const commentNeeded = isRating && needsComment(poll, draft.choices[0]);
  return (
    <>
      <fieldset className={`poll-alternatives${isRating ? ' is-rating' : ''}`} disabled={isLocked}>
        <legend className="visually-hidden">{isRating ? t('polls.ratingLabel') : isMulti ? t('polls.chooseAny') : t('polls.chooseOne')}</legend>
        {isMulti && <p className="poll-hint" aria-hidden="true">{t('polls.chooseAny')}</p>}
        {poll.alternatives.map((alternative) => (
          <label key={alternative.id} className="poll-alternative">
            <input type={isMulti ? 'checkbox' : 'radio'} name={`${id}-choice`} value={alternative.id}
              checked={draft.choices.includes(alternative.id)}
              onChange={() => onChange({ ...draft, choices: toggleChoice(draft.choices, alternative.id, isMulti) })} />
            <span>{alternative.text}</span>
          </label>
        ))}
      </fieldset>
      {isRating && poll.isCommentsEnabled && (
        <div className="field poll-comment">
          <label htmlFor={`${id}-comment`}>{t('polls.comment')}</label>
          <textarea id={`${id}-comment`} rows={2} maxLength={2000} value={draft.comment} readOnly={isLocked}
            aria-required={commentNeeded} aria-describedby={commentNeeded ? `${id}-comment-hint` : undefined}
            onChange={(e) => onChange({ ...draft, comment: e.target.value })} />
          {commentNeeded && !isLocked && <p id={`${id}-comment-hint`} className="poll-hint">{t('polls.commentRequired')}</p>}
        </div>
      )}
    </>
  );
}
