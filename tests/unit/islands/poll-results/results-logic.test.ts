import { describe, expect, it } from 'vitest';
import type { OpenTextVote, ResultPoll } from '~/contracts/poll-results';
import { chartConfig, chartSlices, nextChartKind, scatterDotSize, UNANSWERED_COLOUR, CHART_PALETTE } from '~/islands/poll-results/chart-data';
import { fitFontSize } from '~/islands/poll-results/fit-text';
import { answerTime, datesComplete, pressMode, ratingRows, refreshed, selectQuiz, selectTemplate, sortVotes } from '~/islands/poll-results/results-rules';

const poll = (counts: number[], participantsCount: number): ResultPoll => ({
  id: 1, title: 'T', question: 'Q', questionType: 0, accessKey: 'k', isTemplate: false, isOpen: true,
  alternatives: counts.map((count, i) => ({ id: i + 1, text: `A${i + 1}`, count, value: null, color: null })),
  allVoteCount: counts.reduce((a, b) => a + b, 0), participantsCount, average: null, votes: [], comments: [],
});
const vote = (answerId: number, createdOn: string, isHidden = false): OpenTextVote => ({
  answerId, pollId: 1, label: `L${answerId}`, isSelected: false, isHidden, createdOn, createdByName: 'A', createdByLastname: 'B',
});

describe('results chart', () => {
  it('cycles bar, pie, scatter and back to bar', () => {
    expect([nextChartKind('bar'), nextChartKind('pie'), nextChartKind('scatter')]).toEqual(['pie', 'scatter', 'bar']);
  });

  it('cycles 5 colours and adds a grey unanswered slice when participants did not all answer', () => {
    const slices = chartSlices(poll([1, 2, 3, 4, 5, 6], 10), 'Unanswered', 14);
    expect(slices.map((s) => s.colour)).toEqual([...CHART_PALETTE, CHART_PALETTE[0], UNANSWERED_COLOUR]);
    expect(slices.at(-1)).toEqual({ label: 'Unanswered', value: 4, colour: UNANSWERED_COLOUR });
    expect(chartSlices(poll([1], 1), 'Unanswered')).toHaveLength(1);
  });

  it('draws smaller scatter markers over 500 participants', () => {
    expect(scatterDotSize(500)).toBeGreaterThan(scatterDotSize(501));
    const config = chartConfig('scatter', chartSlices(poll([1, 2], 600), 'U'), 600, 'T');
    expect(config.lineOptions).toMatchObject({ hideLine: 1, dotSize: scatterDotSize(600) });
  });

  it('stacks one dataset per bar so each bar keeps its colour', () => {
    const config = chartConfig('bar', chartSlices(poll([3, 5], 8), 'U'), 8, 'T');
    expect(config.data.datasets.map((d) => d.values)).toEqual([[3, 0], [0, 5]]);
    expect(config.colors).toEqual([CHART_PALETTE[0], CHART_PALETTE[1]]);
  });
});

describe('free-text font', () => {
  it('picks the largest 10 px step between 20 and 900 that fits', () => {
    expect(fitFontSize((size) => size <= 437)).toBe(430);
    expect(fitFontSize(() => true)).toBe(900);
    expect(fitFontSize(() => false)).toBe(20);
  });
});

describe('results page rules (docs/product.md §4, §5)', () => {
  it('clears the quiz when a group is chosen, the group when a quiz is chosen, and the group on refresh', () => {
    expect(selectTemplate('t')).toEqual({ templateKey: 't', quizKey: null });
    expect(selectQuiz('q')).toEqual({ templateKey: null, quizKey: 'q' });
    expect(refreshed({ templateKey: 't', quizKey: 'q' })).toEqual({ templateKey: null, quizKey: 'q' });
  });

  it('returns to results when the active mode is pressed again', () => {
    expect(pressMode('stream', 'stream')).toBe('results');
    expect(pressMode('results', 'ratings')).toBe('ratings');
  });

  it('applies dates only when both or neither are set', () => {
    expect(datesComplete('', '')).toBe(true);
    expect(datesComplete('2025-01-01', '')).toBe(false);
    expect(datesComplete('2025-01-01', '2025-01-02')).toBe(true);
  });

  it('sorts answers visible first, then newest first', () => {
    const sorted = sortVotes([vote(1, '2025-01-01T10:00:00Z'), vote(2, '2025-01-01T12:00:00Z', true), vote(3, '2025-01-01T11:00:00Z')]);
    expect(sorted.map((v) => v.answerId)).toEqual([3, 1, 2]);
  });

  it("formats answer times as YYYY-MM-DD HH:mm:ss in the event's zone", () => {
    expect(answerTime('2025-06-02T07:05:09.000Z', 'Europe/Oslo')).toBe('2025-06-02 09:05:09');
  });

  it('searches and sorts the rating list by average, unrated last', () => {
    const rows = [
      { pollId: 1, title: 'Keynote', average: 4.5, answerCount: 2 },
      { pollId: 2, title: 'Panel', average: null, answerCount: 0 },
      { pollId: 3, title: 'Key workshop', average: 3, answerCount: 1 },
    ];
    expect(ratingRows(rows, ' key ', 'asc').map((r) => r.pollId)).toEqual([3, 1]);
    expect(ratingRows(rows, '', 'desc').map((r) => r.pollId)).toEqual([1, 3, 2]);
  });
});
