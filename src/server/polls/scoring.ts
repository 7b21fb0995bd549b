/** Pure quiz and rating arithmetic (docs/decisions.md "Live interaction"); unit-tested. */

export interface ScoredItem {
  /** Ids of the item's correct alternatives; an item without any is not scored (open text, survey). */
  correctIds: number[];
  chosenIds: number[];
}

/** An item is correct when the chosen alternatives equal the correct set. */
export function isItemCorrect({ correctIds, chosenIds }: ScoredItem): boolean {
  const chosen = new Set(chosenIds);
  return correctIds.length > 0 && chosen.size === correctIds.length && correctIds.every((id) => chosen.has(id));
}

/** Correct items out of the scored ones. */
export function quizScore(items: ScoredItem[]): { correct: number; total: number } {
  const scored = items.filter((item) => item.correctIds.length > 0);
  return { correct: scored.filter(isItemCorrect).length, total: scored.length };
}

/** A rating alternative's score: its value, else its 1-based position. */
export const ratingScore = (value: number | null, position: number): number => value ?? position + 1;

/** Average to two decimals (docs/decisions.md), null without answers. */
export function average(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 100) / 100;
}
