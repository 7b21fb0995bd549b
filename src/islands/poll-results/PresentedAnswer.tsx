import { useEffect, useMemo, useState } from 'react';
import type { RealtimeEvents } from '~/contracts/realtime';
import { onRealtime } from '~/islands/realtime/realtime.store';
import { createT, type Messages } from '~/lib/translate';
import { FreeTextView } from './FreeTextView';
import './poll-results.css';

type Change = RealtimeEvents['poll-answer-change'];

/**
 * The stage's projector view of a presented open-text answer: when an organiser
 * presents an answer it appears over the stream in big type (auto-sized, docs/product.md §9); unpresenting
 * or hiding it takes it away. Live only: a page opened later shows the next presentation.
 */
export default function PresentedAnswer({ messages }: { messages: Messages }) {
  const t = useMemo(() => createT(messages), [messages]);
  const [shown, setShown] = useState<Change | null>(null);
  useEffect(() => onRealtime('poll-answer-change', (change) => {
    setShown((current) => {
      if (change.isSelected && change.presented) return change;
      return current && current.pollId === change.pollId ? null : current;
    });
  }), []);
  if (!shown?.presented) return null;
  return (
    <section className="presented-answer" aria-label={t('pollResults.stageTitle')}>
      <FreeTextView text={shown.presented.label} label={t('pollResults.stageTitle')} className="is-stage" />
      {shown.presented.author && <p className="presented-author">{shown.presented.author}</p>}
      <button type="button" className="button secondary presented-close" onClick={() => setShown(null)}>{t('pollResults.close')}</button>
    </section>
  );
}
