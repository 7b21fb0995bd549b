import type { OpenTextVote } from '~/contracts/poll-results';

/** The results page's selection (docs/product.md §4): a quiz group (template) or a quiz, never both. */
export interface Selection {
  templateKey: string | null;
  quizKey: string | null;
}

/** docs/product.md §4: selecting a quiz group clears the quiz, and selecting a quiz clears the group. */
export const selectTemplate = (key: string | null): Selection => ({ templateKey: key, quizKey: null });
export const selectQuiz = (key: string | null): Selection => ({ templateKey: null, quizKey: key });
/** docs/product.md §4: refresh clears the selected group (the quiz stays). */
export const refreshed = (selection: Selection): Selection => ({ ...selection, templateKey: null });

export type ResultsMode = 'results' | 'stream' | 'openText' | 'ratings';
/** docs/product.md §4: pressing the active mode's button returns to results. */
export const pressMode = (current: ResultsMode, pressed: ResultsMode): ResultsMode => (current === pressed ? 'results' : pressed);

/** docs/product.md §5: the date filter applies when both dates are set, or neither; one alone is incomplete. */
export const datesComplete = (from: string, to: string): boolean => (from === '') === (to === '');

/** docs/product.md §4: visible answers first, then newest first. */
export function sortVotes(votes: OpenTextVote[]): OpenTextVote[] {
  return [...votes].sort((a, b) => Number(a.isHidden) - Number(b.isHidden) || b.createdOn.localeCompare(a.createdOn) || b.answerId - a.answerId);
}

export { answerTime } from '~/lib/answer-time';

export interface RatingRow { pollId: number; title: string; average: number | null; answerCount: number }

/** The rating list (docs/product.md §2): search on the title (trimmed, case-insensitive), sorted by average (nulls last). */
export function ratingRows(rows: RatingRow[], search: string, direction: 'asc' | 'desc'): RatingRow[] {
  const needle = search.trim().toLowerCase();
  const sign = direction === 'asc' ? 1 : -1;
  return rows.filter((r) => r.title.toLowerCase().includes(needle))
    .sort((a, b) => (a.average === null ? 1 : b.average === null ? -1 : sign * (a.average - b.average)));
}
