import { describe, expect, it } from 'vitest';
import { answerTime, rankSubmissions } from '~/server/console/present.service';

const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, second)).toISOString();
const row = (name: string, correct: number, second: number, isHidden = false) => ({ name, correct, answeredAt: at(second), isHidden });
const OPENED = at(0);

describe('the quiz leaderboard', () => {
  it('shares a place between equal score and answer time, and skips the places they take (1, 2, 2, 4)', () => {
    const ranked = rankSubmissions([row('Ada', 3, 1), row('Bo', 2, 2), row('Cy', 2, 2), row('Di', 2, 5)], OPENED);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([['Ada', 1], ['Bo', 2], ['Cy', 2], ['Di', 4]]);
  });

  it('ranks equal scores by the time from the opening, fastest first, and gives that time', () => {
    const ranked = rankSubmissions([row('Slow', 2, 40), row('Best', 3, 50), row('Quick', 2, 7)], at(5));
    expect(ranked.map((r) => [r.rank, r.name, r.answerMs])).toEqual([[1, 'Best', 45000], [2, 'Quick', 2000], [3, 'Slow', 35000]]);
  });

  it('gives no answer time without an opening, and none below zero', () => {
    expect(rankSubmissions([row('Ada', 1, 3)], null)[0]!.answerMs).toBeNull();
    expect(answerTime(at(3), at(4))).toBe(0);
    expect(answerTime('2026-11-27T09:00:08.450Z', '2026-11-27T09:00:00.000Z')).toBe(8450);
  });

  it('keeps a hidden attendee\'s place without their name', () => {
    expect(rankSubmissions([row('Hidden Person', 3, 1, true)], OPENED)).toEqual([{ rank: 1, name: null, correct: 3, answeredAt: at(1), answerMs: 1000 }]);
  });

  it('shows the top places only, with everyone tied for the last of them', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(`P${i}`, i < 9 ? 10 - i : 1, i < 9 ? i : 30));
    const ranked = rankSubmissions(rows, OPENED, 10);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]);
    expect(rankSubmissions([], OPENED, 10)).toEqual([]);
  });
});
