import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Poll } from '~/contracts/polls';
import { createT, type Messages } from '~/lib/translate';
import { PollView } from './PollView';
import { $polls, hydratePoll, initPolls, loadPollByAccessKey } from './polls.store';

export interface PollPageProps {
  eventId: number;
  accessKey: string;
  /** The poll as the page's service loaded it; null makes the island load it by its access key. */
  initial: Poll | null;
  /** The locale's `polls` section. */
  messages: Messages;
}

/** SPEC §2 /polls/{pollAccessKey}: the poll on a page of its own. */
export default function PollPage({ eventId, accessKey, initial, messages }: PollPageProps) {
  initPolls(eventId);
  if (initial) hydratePoll(initial);
  const t = useMemo(() => createT(messages), [messages]);
  const [state, setState] = useState<'loading' | 'failed' | number>(initial?.id ?? 'loading');
  const polls = useStore($polls);
  useEffect(() => {
    if (initial) return;
    void loadPollByAccessKey(accessKey).then((id) => setState(id ?? 'failed'));
  }, [accessKey, initial]);
  if (typeof state === 'number') return <PollView pollId={state} initial={polls[state]?.poll ?? initial} t={t} level={1} />;
  return state === 'failed'
    ? <h1 className="poll-title">{t('polls.notFound')}</h1>
    : <div className="poll-view" aria-busy="true"><h1 className="poll-title">{t('polls.loading')}</h1></div>;
}
