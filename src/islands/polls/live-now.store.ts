import { atom } from 'nanostores';
import type { LivePoll } from '~/contracts/polls';
import { memberJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';

/** The event's open polls as "Live now" lists them (the page's list until a change says otherwise). */
export const $livePolls = atom<LivePoll[]>([]);

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
