import { useId } from 'react';
import type { ResultPoll } from '~/contracts/poll-results';
import type { Translate } from '~/lib/translate';

/** docs/product.md §2: quizzes and treasure hunts pick a question from a dropdown, with previous and next. */
export function QuestionNav({ items, index, onChange, t, labels }: {
  items: ResultPoll[]; index: number; onChange: (index: number) => void; t: Translate; labels?: { previous: string; next: string };
}) {
  const id = useId();
  return (
    <div className="question-nav">
      <button type="button" className="button secondary" disabled={index <= 0} onClick={() => onChange(index - 1)}>
        {labels?.previous ?? t('pollResults.previous')}
      </button>
      <div className="field">
        <label htmlFor={`${id}-question`}>{t('pollResults.question')}</label>
        <select id={`${id}-question`} value={index} onChange={(e) => onChange(Number(e.target.value))}>
          {items.map((item, i) => <option key={item.id} value={i}>{`${i + 1}. ${item.title}`}</option>)}
        </select>
      </div>
      <button type="button" className="button secondary" disabled={index >= items.length - 1} onClick={() => onChange(index + 1)}>
        {labels?.next ?? t('pollResults.next')}
      </button>
    </div>
  );
}
