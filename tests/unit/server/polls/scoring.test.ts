import { describe, expect, it } from 'vitest';
import { average, isItemCorrect, quizScore, ratingScore } from '~/server/polls/scoring';

describe('quiz scoring (docs/decisions.md)', () => {
  it('counts an item correct only when the chosen set equals the correct set', () => {
    expect(isItemCorrect({ correctIds: [1], chosenIds: [1] })).toBe(true);
    expect(isItemCorrect({ correctIds: [1, 2], chosenIds: [2, 1] })).toBe(true);
    expect(isItemCorrect({ correctIds: [1, 2], chosenIds: [1] })).toBe(false);
    expect(isItemCorrect({ correctIds: [1], chosenIds: [1, 3] })).toBe(false);
    expect(isItemCorrect({ correctIds: [], chosenIds: [] })).toBe(false);
  });

  it('scores only items that have a correct answer', () => {
    expect(quizScore([
      { correctIds: [1], chosenIds: [1] }, { correctIds: [4], chosenIds: [5] }, { correctIds: [], chosenIds: [] },
    ])).toEqual({ correct: 1, total: 2 });
  });

  it('takes a rating score from the value, else the position', () => {
    expect(ratingScore(4, 0)).toBe(4);
    expect(ratingScore(null, 2)).toBe(3);
  });

  it('averages to two decimals and has none without answers', () => {
    expect(average(13, 3)).toBe(4.33);
    expect(average(0, 0)).toBeNull();
  });
});
