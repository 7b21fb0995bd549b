import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { Poll } from '~/contracts/polls';
import { createT, type Messages } from '~/lib/translate';
import { PollView } from './PollView';
import { $polls, hydratePoll, initPolls } from './polls.store';

export interface PollPageProps {
  eventId: number;
  /** The poll as the page's service loaded it (by its access key). */
  initial: Poll;
  /** The locale's `polls` section. */
  messages: Messages;
}

/** docs/product.md §2 /polls/{pollAccessKey}: the poll on a page of its own. */
export default function PollPage({ eventId, initial, messages }: PollPageProps) {
  initPolls(eventId);
  hydratePoll(initial);
  const t = useMemo(() => createT(messages), [messages]);
  const polls = useStore($polls);
  return <PollView pollId={initial.id} initial={polls[initial.id]?.poll ?? initial} t={t} level={1} />;
}
