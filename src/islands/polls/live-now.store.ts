import { atom } from 'nanostores';
import type { LivePoll } from '~/contracts/polls';
import { memberJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';

/** The event's open polls as "Live now" lists them (the page's list until a change says otherwise). */
export const $livePolls = atom<LivePoll[]>([]);

/**
 * The poll an organiser just put on the stage (docs/console.md "A poll on the stage"): every
 * attendee on the stage and in the web app gets a notice with it, whatever tab they are in, until
 * they answer or dismiss it. `at` tells two stagings of the same poll apart.
 */
export const $stagedPoll = atom<{ pollId: number; at: number } | null>(null);

/** The poll a promoted item's link opens on the stage (`/stage?page=poll&id=12`, poll-controls' stageLinkOf), if any. */
export function stagedPollOf(link: string | null | undefined): number | undefined {
  const match = /^\/stage\?page=[a-z_]+&id=(\d{1,9})$/.exec(link ?? '');
  return match ? Number(match[1]) : undefined;
}

let eventId: number | undefined;

const lists = (polls: LivePoll[], pollId: number | undefined): boolean => polls.some((p) => 'id' in p && p.id === pollId);

/**
 * Seeds the list from the page (browser only) and keeps it live: a `poll-change` whose `isOpen`
 * disagrees with the list (an organiser opened or closed a poll) reads the list again, and so
 * does a reconnect. A coded poll is listed without its id, so closing any poll reads the list
 * again while a coded one is listed.
 */
export function initLivePolls(forEvent: number, polls: LivePoll[]): void {
  if (eventId !== undefined || typeof window === 'undefined') return;
  eventId = forEvent;
  $livePolls.set(polls);
  onRealtime('poll-change', ({ pollId, isOpen }) => {
    if (isOpen === undefined) return;
    const current = $livePolls.get();
    const listed = lists(current, pollId);
    if ((isOpen && !listed) || (!isOpen && (listed || current.some((p) => !('id' in p))))) void refreshLivePolls();
  });
  onReconnect(() => void refreshLivePolls());
  onRealtime('promoted-message-add', ({ item }) => {
    const pollId = stagedPollOf(item.Promolink);
    if (pollId === undefined) return;
    $stagedPoll.set({ pollId, at: Date.now() });
    // Opened and put on the stage at once: the poll may not be listed yet.
    if (!lists($livePolls.get(), pollId)) void refreshLivePolls();
  });
}

/** The attendee answered or dismissed the notice. */
export function dismissStagedPoll(): void {
  $stagedPoll.set(null);
}

/** GET livePolls (kept per event version for every member); a failure keeps the list shown. */
export async function refreshLivePolls(): Promise<void> {
  if (eventId === undefined) return;
  try {
    $livePolls.set(await memberJson<LivePoll[]>(eventId, 'livePolls'));
  } catch {
    // Ignored on purpose: the strip is an extra; the next change or reconnect tries again.
  }
}

/** For tests: forget the event and the list (listeners stay; they find no event). */
export function resetLivePolls(): void {
  eventId = undefined;
  $livePolls.set([]);
  $stagedPoll.set(null);
}
