import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE, type Poll, type QuestionType } from '~/contracts/polls';
import {
  cleanCode, codedError, EMPTY_DRAFT, huntStartIndex, isDraftComplete, isValidCode, needsComment, pollKind, stepperState, toggleChoice, withCounts,
} from '~/islands/polls/poll-view';

const poll = (id: number, type: QuestionType, extra: Partial<Poll> = {}): Poll => ({
  id, parentId: null, title: `Poll ${id}`, question: '', description: null, pollType: type, questionType: type,
  alternatives: [], publicResults: true, selectedAnswer: [], freeTextAnswer: null, comment: null, isAnswered: false, isOpen: true,
  isCommentsEnabled: false, hasOneCorrectAnswer: false, templateId: null, isTemplate: false, accessKey: `key-${id}`, average: null, items: [],
  allVoteCount: 0, participantsCount: 0, score: null, ...extra,
});
const scores = [1, 2, 3, 4, 5].map((value) => ({ id: 100 + value, text: String(value), count: 0, value, color: null }));
const rating = (isCommentsEnabled: boolean) => poll(1, QUESTION_TYPE.RATING, { alternatives: scores, isCommentsEnabled });
const item = (id: number, isAnswered: boolean) => ({ id, pollId: id, poll: poll(id, QUESTION_TYPE.MULTIPLE_ANSWERS, { isAnswered }) });

describe('poll kinds', () => {
  it('maps every question type to its screen', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((type) => pollKind({ questionType: type as QuestionType })))
      .toEqual(['choice', 'openText', 'quiz', 'hunt', 'choice', 'quiz', 'rating']);
  });
});

describe('rating comment rule (docs/product.md §5)', () => {
  it('asks for a comment at a score of 2 or lower when comments are on', () => {
    expect(needsComment(rating(true), 101)).toBe(true);
    expect(needsComment(rating(true), 102)).toBe(true);
    expect(needsComment(rating(true), 103)).toBe(false);
    expect(needsComment(rating(false), 101)).toBe(false);
  });

  it('keeps Send disabled until a low score has a comment', () => {
    const r = rating(true);
    expect(isDraftComplete(r, EMPTY_DRAFT)).toBe(false);
    expect(isDraftComplete(r, { ...EMPTY_DRAFT, choices: [101] })).toBe(false);
    expect(isDraftComplete(r, { ...EMPTY_DRAFT, choices: [101], comment: '   ' })).toBe(false);
    expect(isDraftComplete(r, { ...EMPTY_DRAFT, choices: [101], comment: 'Too long' })).toBe(true);
    expect(isDraftComplete(r, { ...EMPTY_DRAFT, choices: [105] })).toBe(true);
    expect(isDraftComplete(rating(false), { ...EMPTY_DRAFT, choices: [101] })).toBe(true);
  });

  it('needs text for open text and a choice for choice polls', () => {
    expect(isDraftComplete(poll(2, QUESTION_TYPE.OPEN_TEXT), { ...EMPTY_DRAFT, text: '  ' })).toBe(false);
    expect(isDraftComplete(poll(2, QUESTION_TYPE.OPEN_TEXT), { ...EMPTY_DRAFT, text: 'Green' })).toBe(true);
    expect(isDraftComplete(poll(3, QUESTION_TYPE.MULTIPLE_ANSWERS), { ...EMPTY_DRAFT, choices: [7] })).toBe(true);
  });

  it('replaces a single choice and toggles multiple choices', () => {
    expect(toggleChoice([1], 2, false)).toEqual([2]);
    expect(toggleChoice([1], 2, true)).toEqual([1, 2]);
    expect(toggleChoice([1, 2], 1, true)).toEqual([2]);
  });
});

describe('quiz stepper and treasure hunt (docs/product.md §4)', () => {
  it('offers Previous after the first item and submits on the last', () => {
    expect(stepperState(0, 3)).toEqual({ canGoBack: false, isLast: false, position: 1 });
    expect(stepperState(1, 3)).toEqual({ canGoBack: true, isLast: false, position: 2 });
    expect(stepperState(2, 3)).toEqual({ canGoBack: true, isLast: true, position: 3 });
    expect(stepperState(0, 1)).toEqual({ canGoBack: false, isLast: true, position: 1 });
  });

  it('starts a hunt at the first unanswered item, or past the end when all are answered', () => {
    expect(huntStartIndex([item(1, false), item(2, false)])).toBe(0);
    expect(huntStartIndex([item(1, true), item(2, false), item(3, false)])).toBe(1);
    expect(huntStartIndex([item(1, true), item(2, true)])).toBe(2);
    expect(huntStartIndex([])).toBe(0);
  });
});

describe('coded entry (docs/product.md §5, §8)', () => {
  it('keeps four digits only', () => {
    expect(cleanCode('12a3-45')).toBe('1234');
    expect(isValidCode('1234')).toBe(true);
    expect(isValidCode('123')).toBe(false);
    expect(isValidCode('')).toBe(false);
  });

  it('words the three errors by what was found and which entry asked', () => {
    const coded = poll(1, QUESTION_TYPE.CODED_POLL);
    const codedQuiz = poll(2, QUESTION_TYPE.CODED_QUIZ);
    expect(codedError('poll', { error: 'poll.not_found' })).toBe('incorrectCode');
    expect(codedError('poll', coded)).toBeNull();
    expect(codedError('poll', codedQuiz)).toBe('incorrectPollCode');
    expect(codedError('quiz', coded)).toBe('incorrectQuizCode');
    expect(codedError('quiz', codedQuiz)).toBeNull();
    expect(codedError('any', codedQuiz)).toBeNull();
    expect(codedError('any', poll(3, QUESTION_TYPE.MULTIPLE_ANSWERS))).toBe('incorrectCode');
    expect(codedError('quiz', { error: 'poll.wrong_type' })).toBe('incorrectQuizCode');
  });
});

describe('live counts', () => {
  const alternatives = [{ id: 1, text: 'A', count: 1, value: null, color: null }, { id: 2, text: 'B', count: 0, value: null, color: null }];
  it('applies a full tally to the poll or to a quiz item', () => {
    const live = withCounts(poll(5, 0, { alternatives }), { pollId: 5, parentId: null, participantsCount: 4, allVoteCount: 4, counts: [{ id: 1, count: 3 }, { id: 2, count: 1 }] });
    expect(live.alternatives.map((a) => a.count)).toEqual([3, 1]);
    expect(live.participantsCount).toBe(4);
    const quiz = poll(9, QUESTION_TYPE.QUIZ, { items: [{ id: 5, pollId: 5, poll: poll(5, 0, { alternatives }) }] });
    const next = withCounts(quiz, { pollId: 5, parentId: 9, participantsCount: 2, counts: [{ id: 2, count: 2 }] });
    expect(next.items[0]?.poll.alternatives.map((a) => a.count)).toEqual([1, 2]);
    expect(withCounts(quiz, { pollId: 77, parentId: null, participantsCount: 1 })).toBe(quiz);
  });
});
