import { QUESTION_TYPE } from '~/contracts/polls';

/** The `polls.kind.*` label of each question type: the Live-now chips and the answer dialog's title say which kind it is. */
export const KIND_LABEL: Readonly<Record<number, string>> = {
  [QUESTION_TYPE.MULTIPLE_ANSWERS]: 'polls.kind.poll', [QUESTION_TYPE.OPEN_TEXT]: 'polls.kind.openText',
  [QUESTION_TYPE.QUIZ]: 'polls.kind.quiz', [QUESTION_TYPE.TREASURE_HUNT]: 'polls.kind.hunt',
  [QUESTION_TYPE.CODED_POLL]: 'polls.kind.codedPoll', [QUESTION_TYPE.CODED_QUIZ]: 'polls.kind.codedQuiz',
  [QUESTION_TYPE.RATING]: 'polls.kind.rating',
};
