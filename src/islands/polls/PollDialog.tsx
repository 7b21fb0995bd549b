import { useStore } from '@nanostores/react';
import { Dialog } from '~/islands/ui/Dialog';
import type { Translate } from '~/lib/translate';
import { CodedEntry } from './CodedEntry';
import { PollView } from './PollView';
import { KIND_LABEL } from './poll-kind';
import { $openPoll, $polls, closePoll, openPoll } from './polls.store';

/**
 * The page's one poll dialog: shows what openPoll(id) or openCodedEntry(kind) asked for. A valid
 * code turns the entry into that poll (docs/product.md §4 "then the poll or quiz on a valid code").
 */
export function PollDialog({ t }: { t: Translate }) {
  const open = useStore($openPoll);
  const polls = useStore($polls);
  // Titled by its kind (Quiz, Poll, Rating…) once the poll is in; "Poll" until then.
  const kind = open && 'pollId' in open ? polls[String(open.pollId)]?.poll?.questionType : undefined;
  const title = open && 'coded' in open ? t(open.coded === 'quiz' ? 'polls.quizCodeTitle' : 'polls.codeTitle')
    : t((kind !== undefined ? KIND_LABEL[kind] : undefined) ?? 'polls.dialogTitle');
  return (
    <Dialog isOpen={open !== null} title={title} onClose={closePoll} closeLabel={t('polls.close')} className="poll-dialog">
      {open && ('coded' in open
        ? <CodedEntry kind={open.coded} onFound={(poll) => openPoll(poll.id)} onCancel={closePoll} t={t} />
        : <PollView pollId={open.pollId} t={t} />)}
    </Dialog>
  );
}
