import { useStore } from '@nanostores/react';
import { useMemo, useState, type FocusEvent, type MouseEvent } from 'react';
import { QUESTION_TYPE, type LivePoll } from '~/contracts/polls';
import { createT, type Messages } from '~/lib/translate';
import { $livePolls, $stagedPoll, dismissStagedPoll, initLivePolls } from './live-now.store';
import { initPolls, openCodedEntry, openPoll } from './polls.store';
import { KIND_LABEL } from './poll-kind';

export interface LiveNowProps {
  eventId: number;
  /** The event's open polls when the page rendered (poll.service liveNow), read for any member. */
  polls: LivePoll[];
  /** Where the poll page's way back leads (`from` of /polls/{key}). */
  from: 'stage' | 'webapp';
  /** The locale's `polls` section. */
  messages: Messages;
}


/** A click that asks for a new tab or window keeps the link's own behaviour. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A chip that Tab reaches half cut off at the row's edge comes whole into view, clear of the fade
 * (the row's scroll-padding): the browser scrolls only a chip that is wholly out of view.
 */
const revealFocused = (event: FocusEvent) => {
  if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
};

/**
 * "Live now" on the stage and the web app (docs/decisions.md "Attendee navigation"): every open
 * poll one tap away, in the page's poll dialog. Each is a link to its own page, so it works before
 * the page's scripts have run; a coded one opens the code entry and shows nothing else of itself.
 * The list follows an organiser opening or closing polls (live-now.store.ts); the region is
 * polite-live, so a screen reader hears a poll appear.
 */
export default function LiveNow({ eventId, polls: rendered, from, messages }: LiveNowProps) {
  initPolls(eventId);
  // The server renders the page's list; the browser's store starts from it and follows changes.
  const isServer = typeof window === 'undefined';
  useState(() => { if (!isServer) initLivePolls(eventId, rendered); });
  const stored = useStore($livePolls);
  const polls = isServer ? rendered : stored;
  const t = useMemo(() => createT(messages), [messages]);
  const staged = useStore($stagedPoll);
  const onStage = staged && !isServer ? polls.find((poll) => 'id' in poll && poll.id === staged.pollId) : undefined;
  return (
    <div className="live-now-slot" aria-live="polite">
    {onStage && 'id' in onStage && (
      <div className="live-now-notice" data-testid="staged-poll">
        <p className="live-now-notice-text">{t('polls.onStageNow', { title: onStage.title })}</p>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => { dismissStagedPoll(); openPoll(onStage.id); }}>{t('polls.answerNow')}</button>
        <button type="button" className="button secondary live-now-dismiss" aria-label={t('polls.dismissNotice')} onClick={dismissStagedPoll}>✕</button>
      </div>
    )}
    {polls.length > 0 && (
    <section className="live-now" aria-labelledby="live-now-title" onFocus={revealFocused}>
      <h2 id="live-now-title" className="live-now-title">{t('polls.liveNow')}</h2>
      <ul className="live-now-list">
        {polls.map((poll) => {
          const body = (
            <>
              <span className="live-now-kind">{t(KIND_LABEL[poll.questionType] ?? 'polls.kind.poll')}</span>
              <span className="live-now-name">{poll.title}</span>
            </>
          );
          return 'id' in poll ? (
            <li key={poll.id}>
              <a className="live-now-item" href={`/polls/${encodeURIComponent(poll.accessKey)}?from=${from}`} aria-haspopup="dialog"
                onClick={(event) => { if (!isPlainClick(event)) return; event.preventDefault(); openPoll(poll.id); }}>{body}</a>
            </li>
          ) : (
            <li key={`coded-${poll.title}`}>
              <button type="button" className="live-now-item" aria-haspopup="dialog"
                onClick={() => openCodedEntry(poll.questionType === QUESTION_TYPE.CODED_QUIZ ? 'quiz' : 'poll')}>{body}</button>
            </li>
          );
        })}
      </ul>
    </section>
    )}
    </div>
  );
}
