import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { PresentView } from '~/contracts/console-present';
import { createT, type Messages } from '~/lib/translate';
import { $present, followPresent } from './present.store';

export interface PresentBoardProps {
  /** The view when the page rendered; the store follows the poll from there. */
  view: PresentView;
  /** The locale's `present` section. */
  messages: Messages;
  /** The event's language: answer times are written its way (8.4 s, 8,4 s). */
  locale: string;
}

/** The projector's board: a quiz's leaderboard or an open-text poll's answers, kept live (present.store.ts). */
export default function PresentBoard({ view: rendered, messages, locale }: PresentBoardProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const tenths = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), [locale]);
  useState(() => followPresent(rendered));
  const view = useStore($present) ?? rendered;
  return (
    <>
      <h1>{view.title}</h1>
      {view.kind === 'leaderboard' ? (
        <>
          <p className="present-note">{t('present.participants', { count: view.participants })}</p>
          {view.rows.length === 0 ? <p className="present-empty">{t('present.noAnswers')}</p> : (
            <ol className="present-board" aria-label={t('present.leaderboard')}>
              {view.rows.map((row, index) => (
                <li key={`${row.rank}-${index}`}>
                  <span className="present-rank">{row.rank}</span>
                  <span className="present-name">{row.name ?? t('present.hiddenName')}</span>
                  <span className="present-score">{t('present.correct', { correct: row.correct, total: view.questions })}</span>
                  <span className="present-time">{row.answerMs === null ? '' : t('present.answerTime', { seconds: tenths.format(row.answerMs / 1000) })}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : (
        <>
          <p className="present-question">{view.question}</p>
          {view.presented && (
            <figure className="present-featured">
              <blockquote>{view.presented.text}</blockquote>
              {view.presented.author && <figcaption>{view.presented.author}</figcaption>}
            </figure>
          )}
          {view.answers.length === 0 ? <p className="present-empty">{t('present.noAnswers')}</p> : (
            <ul className="present-wall" aria-label={t('present.answers', { count: view.total })}>
              {view.answers.map((answer) => <li key={answer.id}>{answer.text}</li>)}
            </ul>
          )}
        </>
      )}
    </>
  );
}
