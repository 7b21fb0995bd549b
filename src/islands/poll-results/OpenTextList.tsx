import { useState } from 'react';
import { PRESENT_TYPE, type OpenTextVote, type PresentType } from '~/contracts/poll-results';
import type { Translate } from '~/lib/translate';
import { togglePresentation } from './results.store';
import { answerTime, sortVotes } from './results-rules';

/**
 * Open-text answers with their moderation (docs/product.md §2, docs/decisions.md): time, author, label;
 * hidden ones faded and struck through; present / stop presenting, hide / list again. After a
 * change the list reloads (`onChanged`); other screens follow through `poll-answer-change`.
 */
export function OpenTextList({ eventId, votes, timeZone, t, onChanged }: {
  eventId: number; votes: OpenTextVote[]; timeZone: string; t: Translate; onChanged: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  async function act(vote: OpenTextVote, type: PresentType): Promise<void> {
    setBusy(vote.answerId);
    try {
      await togglePresentation(eventId, vote, type);
      setFailed(false);
      onChanged();
    } catch {
      setFailed(true);
    }
    setBusy(null);
  }
  if (votes.length === 0) return <p className="results-muted">{t('pollResults.noAnswers')}</p>;
  return (
    <>
      {failed && <p role="alert" className="field-error">{t('pollResults.actionFailed')}</p>}
      <ul className="open-text-list">
        {sortVotes(votes).map((vote) => (
          <li key={vote.answerId} className={`open-text-answer${vote.isHidden ? ' is-hidden' : ''}${vote.isSelected ? ' is-presented' : ''}`}>
            <p className="open-text-meta">
              <time dateTime={vote.createdOn}>{answerTime(vote.createdOn, timeZone)}</time>
              {' · '}{`${vote.createdByName} ${vote.createdByLastname}`.trim()}
              {vote.isSelected && <strong className="open-text-flag">{t('pollResults.presented')}</strong>}
              {vote.isHidden && <span className="open-text-flag">{t('pollResults.hidden')}</span>}
            </p>
            <p className="open-text-label">{vote.label}</p>
            <div className="open-text-actions">
              {!vote.isHidden && (
                <button type="button" className="button secondary" disabled={busy === vote.answerId} aria-pressed={vote.isSelected}
                  onClick={() => void act(vote, vote.isSelected ? PRESENT_TYPE.UNPRESENT : PRESENT_TYPE.PRESENT)}>
                  {vote.isSelected ? t('pollResults.unpresent') : t('pollResults.present')}
                </button>
              )}
              <button type="button" className="button secondary" disabled={busy === vote.answerId}
                onClick={() => void act(vote, vote.isHidden ? PRESENT_TYPE.LIST_AGAIN : PRESENT_TYPE.HIDE)}>
                {vote.isHidden ? t('pollResults.listAgain') : t('pollResults.hide')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
