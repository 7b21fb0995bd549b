import { atom } from 'nanostores';
import type { PresentView } from '~/contracts/console-present';
import { apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';

/** What the projector shows: the page's view until a change of its poll says otherwise. */
export const $present = atom<PresentView | undefined>(undefined);

let pollId: number | undefined;
/** A burst of answers reads the view again at most once a second. */
const scheduleRead = rereader(readPresent);

/**
 * Seeds the view from the page (browser only) and follows its poll: an answer, an organiser's
 * change (`poll-change`, `quiz-change`) or a presented or hidden answer (`poll-answer-change`)
 * of this poll reads the view again, at most once a second; so does a reconnect.
 */
export function followPresent(view: PresentView): void {
  if (pollId !== undefined || typeof window === 'undefined') return;
  pollId = view.pollId;
  $present.set(view);
  const ofThisPoll = ({ pollId: changed }: { pollId?: number }) => { if (changed === pollId) scheduleRead(); };
  onRealtime('poll-change', ofThisPoll);
  onRealtime('quiz-change', ofThisPoll);
  onRealtime('poll-answer-change', ofThisPoll);
  onReconnect(scheduleRead);
}

/** GET the projector's view; a failure keeps the one shown (the next change tries again). */
async function readPresent(): Promise<void> {
  if (pollId === undefined) return;
  try {
    $present.set(await apiJson<PresentView>(`/api/console/present/${pollId}`));
  } catch {
    // Ignored on purpose: a projector keeps showing what it has rather than an error.
  }
}
