import { describe, expect, it } from 'vitest';
import { rankSubmissions } from '~/server/console/present.service';

const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, second)).toISOString();
const row = (name: string, correct: number, second: number, isHidden = false) => ({ name, correct, answeredAt: at(second), isHidden });

describe('the quiz leaderboard', () => {
  it('shares a place between equal score and moment, and skips the places they take (1, 2, 2, 4)', () => {
    const ranked = rankSubmissions([row('Ada', 3, 1), row('Bo', 2, 2), row('Cy', 2, 2), row('Di', 2, 5)]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([['Ada', 1], ['Bo', 2], ['Cy', 2], ['Di', 4]]);
  });

  it('keeps a hidden attendee\'s place without their name', () => {
    expect(rankSubmissions([row('Hidden Person', 3, 1, true)])).toEqual([{ rank: 1, name: null, correct: 3, answeredAt: at(1) }]);
  });

  it('shows the top places only, with everyone tied for the last of them', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(`P${i}`, i < 9 ? 10 - i : 1, i < 9 ? i : 30));
    const ranked = rankSubmissions(rows, 10);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]);
    expect(rankSubmissions([], 10)).toEqual([]);
  });
});
