import * as v from 'valibot';

/** Question types of docs/product.md §3 (0 and 10 are choice polls with a stream view). */
export const QUESTION_TYPE = {
  MULTIPLE_ANSWERS: 0,
  OPEN_TEXT: 1,
  QUIZ: 2,
  TREASURE_HUNT: 3,
  CODED_POLL: 4,
  CODED_QUIZ: 5,
  RATING: 10,
} as const;
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];

/** Polls whose items are polls of their own (docs/product.md §3 items); they are answered through quizAnswer. */
export const QUIZ_KINDS: readonly QuestionType[] = [QUESTION_TYPE.QUIZ, QUESTION_TYPE.TREASURE_HUNT, QUESTION_TYPE.CODED_QUIZ];
export const isQuizKind = (type: number): boolean => (QUIZ_KINDS as readonly number[]).includes(type);

/** The coded poll's code (docs/product.md §5: numeric, 4 digits). */
export const POLL_CODE_PATTERN = /^\d{4}$/;
/** docs/product.md §5: with comments enabled, a rating score of 2 or lower needs a comment. */
export const RATING_COMMENT_MAX_SCORE = 2;
export const FREE_TEXT_MAX = 2000;
export const COMMENT_MAX = 2000;

/**
 * An alternative (docs/product.md §3). `count` is the number of attendees who chose it: a number when the
 * poll's results are public (or for organisers), null otherwise. `value` is a rating's score.
 */
export interface PollAlternative {
  id: number;
  text: string;
  count: number | null;
  value: number | null;
  color: string | null;
}

/** A quiz's or treasure hunt's item (docs/product.md §3 items): `id` and `pollId` are both the item poll's id. */
export interface PollItem {
  id: number;
  pollId: number;
  poll: Poll;
}

/** The caller's score on a quiz, shown after submit when the quiz's results are public. */
export interface QuizScore {
  correct: number;
  total: number;
}

/**
 * GET liveGetPoll/{id}/{isCode}, and the answer to every submit call: the poll as the caller
 * sees it (docs/product.md §3 Poll).
 *
 * - `selectedAnswer`: alternative ids the caller chose (empty when unanswered or open text).
 * - `freeTextAnswer` / `comment`: the caller's open-text answer and rating comment, if any.
 * - `isAnswered`: the caller has answered (a quiz: submitted; a treasure hunt: every item answered).
 * - `allVoteCount`: sum of the alternatives' counts, like `count` and `average` null when results
 *   are not public; `participantsCount`: attendees who answered (a quiz: submitted; a hunt: started).
 * - `average`: rating polls only, two decimals (docs/decisions.md), null without votes.
 * - `isCorrect` per alternative is never sent; `score` carries the result of a quiz.
 */
export interface Poll {
  id: number;
  parentId: number | null;
  title: string;
  question: string;
  description: string | null;
  /** Same value as `questionType` (the contract has both names). */
  pollType: QuestionType;
  questionType: QuestionType;
  alternatives: PollAlternative[];
  publicResults: boolean;
  selectedAnswer: number[];
  freeTextAnswer: string | null;
  comment: string | null;
  isAnswered: boolean;
  isOpen: boolean;
  isCommentsEnabled: boolean;
  /** A quiz item with exactly one right alternative: answered with one choice ("Choose one"), not several. */
  hasOneCorrectAnswer: boolean;
  /** The template this answer ran from (templateQuizAnswer), else null. */
  templateId: number | null;
  isTemplate: boolean;
  accessKey: string;
  average: number | null;
  items: PollItem[];
  allVoteCount: number | null;
  participantsCount: number;
  /** Quizzes and coded quizzes after submit when results are public; otherwise null. */
  score: QuizScore | null;
}

/** Query of GET liveGetPoll/{code}/1: which kind of coded entry asks (docs/product.md §8 tells them apart). */
export const CodedPollQuerySchema = v.object({
  questionType: v.optional(v.picklist(['4', '5'])),
});

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, 'must be a numeric id'), v.transform(Number))]),
  v.number(), v.integer('must be a numeric id'), v.minValue(1, 'must be a numeric id'),
);

const questionType = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,2}$/, 'must be a question type'), v.transform(Number))]),
  v.picklist(Object.values(QUESTION_TYPE), 'must be a question type'),
);

/**
 * Alternative ids as a JSON array, one number, or a comma-separated string (a form sends
 * `Alternatives=3,5`); at least one, at most 50, duplicates dropped.
 */
export const AlternativeIdsSchema = v.pipe(
  v.union([
    v.array(id),
    v.pipe(id, v.transform((one) => [one])),
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}(\s*,\s*\d{1,9})*$/, 'must be alternative ids'),
      v.transform((text) => text.split(',').map((part) => Number(part.trim())))),
  ], 'must be alternative ids'),
  v.minLength(1, 'choose at least one alternative'),
  v.maxLength(50, 'too many alternatives'),
  v.transform((ids) => [...new Set(ids)]),
);

const comment = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(COMMENT_MAX, `at most ${COMMENT_MAX} characters`))));

/** POST liveStorePollAnswer (docs/product.md §7): a choice, coded or rating poll; `Comment` is the rating comment. */
export const StorePollAnswerSchema = v.object({
  PollID: id,
  QuestionType: questionType,
  Alternatives: AlternativeIdsSchema,
  Comment: comment,
});
export type StorePollAnswerInput = v.InferOutput<typeof StorePollAnswerSchema>;

/** POST liveStoreFreeTextAnswer (docs/product.md §7). */
export const StoreFreeTextAnswerSchema = v.object({
  PollID: id,
  QuestionType: questionType,
  FreeText: v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(FREE_TEXT_MAX, `at most ${FREE_TEXT_MAX} characters`)),
});
export type StoreFreeTextAnswerInput = v.InferOutput<typeof StoreFreeTextAnswerSchema>;

/**
 * One item of a quiz submit. `answers`: alternative ids of a choice item, or one text for an
 * open-text item. `id` may repeat `pollId` (the contract sends both).
 */
export const QuizItemAnswerSchema = v.object({
  id: v.optional(v.nullable(id)),
  pollId: id,
  answers: v.pipe(
    v.array(v.union([v.number(), v.string()]), 'must be a list of answers'),
    v.minLength(1, 'answer the item'), v.maxLength(50, 'too many answers'),
  ),
  comment,
});
export type QuizItemAnswer = v.InferOutput<typeof QuizItemAnswerSchema>;

/**
 * POST quizAnswer and templateQuizAnswer (docs/product.md §7). A quiz sends every item at once (final); a
 * treasure hunt sends the items answered so far, typically one per call. A single poll (a rating
 * run from a template) is sent as its own one item. `items` may come as a JSON string in a form.
 */
export const QuizAnswerSchema = v.object({
  quizId: id,
  items: v.pipe(
    v.union([
      v.array(QuizItemAnswerSchema),
      v.pipe(v.string(), v.parseJson(undefined, 'must be a JSON list of items'), v.array(QuizItemAnswerSchema)),
    ], 'must be a list of items'),
    v.minLength(1, 'send at least one item'), v.maxLength(200, 'too many items'),
  ),
  templateId: v.optional(v.nullable(id)),
});
export type QuizAnswerInput = v.InferOutput<typeof QuizAnswerSchema>;

/** templateQuizAnswer: the same body with `templateId` required. */
export const TemplateQuizAnswerSchema = v.object({ ...QuizAnswerSchema.entries, templateId: id });

/** The counts of one poll as the realtime events carry them (public results only). */
export interface PollCounts {
  pollId: number;
  /** The quiz or hunt this poll is an item of, else null. */
  parentId: number | null;
  participantsCount: number;
  /** Absent when the poll's results are not public: clients that may see them refetch. */
  allVoteCount?: number;
  counts?: { id: number; count: number }[];
  average?: number | null;
}

/**
 * A poll open now, as the stage's and web app's "Live now" list shows it (docs/decisions.md
 * "Attendee navigation"). A coded poll or quiz names only its title and kind: its items and its
 * access key stay behind the code entry.
 */
export type LivePoll =
  | { id: number; title: string; questionType: Exclude<QuestionType, 4 | 5>; accessKey: string }
  | { title: string; questionType: 4 | 5 };

