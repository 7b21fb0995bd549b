import { atom } from 'nanostores';

/**
 * The poll a Live-now row jumped to (docs/console.md "The page"): the Polls panel shows it
 * whatever its filter, unfolds its row and scrolls it into view. `at` tells two jumps to the same
 * poll apart.
 */
export const $pollJump = atom<{ pollId: number; at: number } | null>(null);

/** The id of a poll's row in the Polls panel: a Live-now row links to it. */
export const pollRowId = (pollId: number): string => `console-poll-${pollId}`;

/** Jumps to a poll's row (a Live-now row's tap). */
export function jumpToPoll(pollId: number): void {
  $pollJump.set({ pollId, at: Date.now() });
}
