import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConsolePoll } from '~/contracts/console';
import type { Translate } from '~/lib/translate';
import { commandPoll, type ControlFailure as Failure } from './console.store';
import { ConfirmDialog } from './ConfirmDialog';
import { ControlFailure } from './ControlFailure';
import { $pollJump, pollRowId } from './poll-focus';
import { PollRow } from './PollRow';
import { QuickPollForm } from './QuickPollForm';

interface Props {
  polls: ConsolePoll[];
  pending: ReadonlySet<string>;
  failures: Record<string, Failure | undefined>;
  t: Translate;
}

/** Whether a poll's title holds what the organiser typed in the filter (case and accents aside). */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The event's polls, quizzes, hunts, ratings and coded polls (docs/console.md "The page"): one row
 * each with its state, grouped open then closed, narrowed by a filter; a row unfolds to its
 * controls. On a phone the poll to open is a short scroll away, whatever the number of polls.
 */
export function PollsPanel({ polls, pending, failures, t }: Props) {
  const id = useId();
  const [resetting, setResetting] = useState<ConsolePoll | null>(null);
  const [filter, setFilter] = useState('');
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const jump = useStore($pollJump);
  const toggle = (pollId: number, isOpen: boolean) => setUnfolded((now) => {
    if (now.has(pollId) === isOpen) return now;
    const next = new Set(now);
    if (isOpen) next.add(pollId); else next.delete(pollId);
    return next;
  });
  // The row scrolls into view after the render that shows it unfolded (the filter cleared).
  const scrollTo = useRef<number | null>(null);
  useEffect(() => {
    if (!jump) return;
    setFilter('');
    toggle(jump.pollId, true);
    scrollTo.current = jump.pollId;
  }, [jump]);
  useEffect(() => {
    if (scrollTo.current === null || !unfolded.has(scrollTo.current) || filter !== '') return;
    const row = document.getElementById(pollRowId(scrollTo.current));
    scrollTo.current = null;
    row?.scrollIntoView({ block: 'start' });
    row?.querySelector('summary')?.focus({ preventScroll: true });
  });
  const wanted = fold(filter.trim());
  const shown = wanted === '' ? polls : polls.filter((poll) => fold(poll.title).includes(wanted));
  const groups = [
    { key: 'open', title: t('console.polls.openGroup', { count: shown.filter((poll) => poll.isOpen).length }), polls: shown.filter((poll) => poll.isOpen) },
    { key: 'closed', title: t('console.polls.closedGroup', { count: shown.filter((poll) => !poll.isOpen).length }), polls: shown.filter((poll) => !poll.isOpen) },
  ];
  return (
    <section className="console-panel" id="console-polls" aria-labelledby="console-polls-title">
      <h2 id="console-polls-title">{t('console.polls.title')}</h2>
      <ControlFailure failure={failures['read:polls']} t={t} />
      <QuickPollForm isPending={pending.has('quick-poll')} failure={failures['quick-poll']} t={t} />
      <p className="console-links"><a href="/console/polls">{t('console.quickPoll.editor')}</a></p>
      {polls.length === 0 ? <p className="console-empty">{t('console.polls.none')}</p> : (
        <>
          {polls.length > 1 && (
            <div className="console-form console-filter">
              <label htmlFor={`${id}-filter`}>{t('console.polls.filter')}</label>
              <input id={`${id}-filter`} type="search" autoComplete="off" value={filter} onChange={(event) => setFilter(event.target.value)} />
            </div>
          )}
          {shown.length === 0 && <p className="console-empty" role="status">{t('console.polls.noMatch', { filter: filter.trim() })}</p>}
          {groups.map((group) => group.polls.length > 0 && (
            <section key={group.key} className="console-poll-group" aria-labelledby={`${id}-${group.key}`}>
              <h3 id={`${id}-${group.key}`} className="console-group-title">{group.title}</h3>
              <ul className="console-list">
                {group.polls.map((poll) => (
                  <PollRow key={poll.id} poll={poll} isUnfolded={unfolded.has(poll.id)} onToggle={(isOpen) => toggle(poll.id, isOpen)}
                    isPending={pending.has(`poll:${poll.id}`)} failure={failures[`poll:${poll.id}`]} onReset={setResetting} t={t} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      <ConfirmDialog
        question={resetting && {
          title: t('console.polls.resetTitle'),
          text: resetting.answers === 0
            ? t('console.polls.resetTextNone', { title: resetting.title })
            : t('console.polls.resetText', { title: resetting.title, count: resetting.answers }),
          confirm: t('console.polls.resetConfirm'),
        }}
        onConfirm={() => { if (resetting) void commandPoll(resetting.id, 'reset'); }}
        onClose={() => setResetting(null)}
        t={t}
      />
    </section>
  );
}
