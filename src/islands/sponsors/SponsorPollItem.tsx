import { useStore } from '@nanostores/react';
import type { SponsorPoll } from '~/contracts/sponsors';
import { $polls, openPoll } from '~/islands/polls/polls.store';
import type { Translate } from '~/lib/translate';

/**
 * One poll of the sponsor polls tab: opens the poll dialog, and says when the attendee has
 * answered it — from the page's data, then live from the dialog's store once they answer.
 */
export function SponsorPollItem({ poll, t }: { poll: SponsorPoll; t: Translate }) {
  const loaded = useStore($polls)[poll.value]?.poll;
  const isAnswered = loaded?.isAnswered ?? poll.isAnswered;
  return (
    <li className={isAnswered ? 'is-answered' : undefined}>
      <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => openPoll(poll.value)}>
        {poll.label}
        {isAnswered && <span className="poll-answered-mark"> ✓<span className="visually-hidden">{t('polls.answeredMark')}</span></span>}
      </button>
    </li>
  );
}
