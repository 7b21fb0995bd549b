import { atom } from 'nanostores';
import type { PresentView } from '~/contracts/console-present';
import { apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';

/** What the projector shows: the page's view until a change of its poll says otherwise. */
export const $present = atom<PresentView | undefined>(undefined);

/** A burst of answers reads the view again at most this often. */
const REREAD_MS = 1000;

let pollId: number | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastRead = 0;

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

function scheduleRead(): void {
  if (timer !== undefined) return;
  const wait = Math.max(0, lastRead + REREAD_MS - Date.now());
  timer = setTimeout(() => {
    timer = undefined;
    lastRead = Date.now();
    void readPresent();
  }, wait);
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
