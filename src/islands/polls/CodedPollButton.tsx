import { useMemo } from 'react';
import type { Messages } from '~/lib/translate';
import { createT } from '~/lib/translate';
import type { CodedKind } from './poll-view';
import { PollDialog } from './PollDialog';
import { initPolls, openCodedEntry } from './polls.store';

export interface CodedPollButtonProps {
  eventId: number;
  /** The locale's `polls` section. */
  messages: Messages;
  kind?: CodedKind;
  className?: string;
}

/** The stage's and web app's way into coded polls and quizzes: a button, and the poll dialog it opens. */
export default function CodedPollButton({ eventId, messages, kind = 'any', className }: CodedPollButtonProps) {
  initPolls(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  return (
    <>
      <button type="button" className={className ?? 'button secondary'} aria-haspopup="dialog" onClick={() => openCodedEntry(kind)}>
        {t('polls.openCoded')}
      </button>
      <PollDialog t={t} />
    </>
  );
}
