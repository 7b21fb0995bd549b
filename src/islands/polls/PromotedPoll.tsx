import { useMemo, useState } from 'react';
import { createT, type Messages } from '~/lib/translate';
import { CodedEntry } from './CodedEntry';
import { PollView } from './PollView';
import { initPolls } from './polls.store';

/** The promoted page kinds that show the poll view (docs/product.md §2 promoted page panel, §3 page types). */
export type PromotedPollKind = 'poll' | 'quiz' | 'treasure_hunt' | 'coded_polls' | 'coded_quizzes';

export interface PromotedPollProps {
  eventId: number;
  kind: PromotedPollKind;
  /** The promoted poll's id; coded kinds ask for the code instead. */
  pollId?: number | undefined;
  /** The locale's `polls` section. */
  messages: Messages;
  /** The panel's Cancel of the coded entry (its own Back and Close stay the panel's). */
  onCancel: () => void;
}

/**
 * What the timeline's promoted page panel shows for a poll kind: the poll itself, or for coded
 * kinds the code entry and then the poll. The panel owns its Back and Close (docs/product.md §2).
 */
export function PromotedPoll({ eventId, kind, pollId, messages, onCancel }: PromotedPollProps) {
  initPolls(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  const [found, setFound] = useState<number | undefined>(kind.startsWith('coded_') ? undefined : pollId);
  if (found !== undefined) return <PollView pollId={found} t={t} level={2} />;
  return <CodedEntry kind={kind === 'coded_quizzes' ? 'quiz' : 'poll'} onFound={(poll) => setFound(poll.id)} onCancel={onCancel} t={t} />;
}
