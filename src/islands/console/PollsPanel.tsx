import { useState } from 'react';
import type { ConsolePoll } from '~/contracts/console';
import type { Translate } from '~/lib/translate';
import { commandPoll, type ControlFailure as Failure } from './console.store';
import { ConfirmDialog } from './ConfirmDialog';
import { ControlFailure } from './ControlFailure';
import { PollRow } from './PollRow';
import { QuickPollForm } from './QuickPollForm';

interface Props {
  polls: ConsolePoll[];
  pending: ReadonlySet<string>;
  failures: Record<string, Failure | undefined>;
  t: Translate;
}

/** The event's polls, quizzes, hunts, ratings and coded polls with their controls; the counts move live. */
export function PollsPanel({ polls, pending, failures, t }: Props) {
  const [resetting, setResetting] = useState<ConsolePoll | null>(null);
  return (
    <section className="console-panel" id="console-polls" aria-labelledby="console-polls-title">
      <h2 id="console-polls-title">{t('console.polls.title')}</h2>
      <ControlFailure failure={failures['read:polls']} t={t} />
      <QuickPollForm isPending={pending.has('quick-poll')} failure={failures['quick-poll']} t={t} />
      <p className="console-links"><a href="/console/polls">{t('console.quickPoll.editor')}</a></p>
      {polls.length === 0 ? <p className="console-empty">{t('console.polls.none')}</p> : (
        <ul className="console-list">
          {polls.map((poll) => (
            <PollRow key={poll.id} poll={poll} isPending={pending.has(`poll:${poll.id}`)} failure={failures[`poll:${poll.id}`]} onReset={setResetting} t={t} />
          ))}
        </ul>
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
