import { describe, expect, it } from 'vitest';
import { stagedPollOf } from '~/islands/polls/live-now.store';

describe('a poll put on the stage', () => {
  it('is read from a promoted item\'s stage link of any poll kind, and from nothing else', () => {
    expect(stagedPollOf('/stage?page=poll&id=12')).toBe(12);
    expect(stagedPollOf('/stage?page=coded_quizzes&id=7')).toBe(7);
    for (const link of [null, undefined, '', '/stage?session=1', 'https://evil.example/stage?page=poll&id=1', '/stage?page=poll&id=12&x=1']) {
      expect(stagedPollOf(link), String(link)).toBeUndefined();
    }
  });
});
