import * as v from 'valibot';

/**
 * The organiser's results calls (docs/product.md §7 "Polls and results"). Organisers see counts
 * whether or not a poll's results are public; the answers' authors and e-mails only reach a
 * results session, never an attendee.
 */

/** docs/decisions.md "Live interaction": 1 present (toggle), 0 unpresent, 2 hide, 3 list again. */
export const PRESENT_TYPE = { UNPRESENT: 0, PRESENT: 1, HIDE: 2, LIST_AGAIN: 3 } as const;
export type PresentType = (typeof PRESENT_TYPE)[keyof typeof PRESENT_TYPE];

/** Rows of the participant table per page (the table appends pages as it scrolls). */
export const RESULTS_PAGE_SIZE = 100;
export const RESULTS_MAX_PAGE_SIZE = 500;

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const dateField = v.pipe(v.string(), v.regex(DATE, 'must be a date (YYYY-MM-DD) or an ISO date-time'), v.check((s) => !Number.isNaN(Date.parse(s)), 'is not a real date'));
const idList = v.pipe(
  v.string(), v.regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'must be group ids separated by commas'),
  v.transform((s) => [...new Set(s.split(',').map((id) => Number(id.trim())))]), v.maxLength(200, 'at most 200 groups'),
);
const positive = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number), v.minValue(1, 'must be at least 1'), v.maxValue(max, `must be at most ${max}`));

/** The query every results call takes: docs/product.md §5 dates both or neither, groups, and a page of the table. */
export const ResultsQuerySchema = v.pipe(
  v.object({
    fromDate: v.optional(dateField),
    toDate: v.optional(dateField),
    groups: v.optional(idList),
    page: v.optional(positive(1_000_000)),
    size: v.optional(positive(RESULTS_MAX_PAGE_SIZE)),
    templateId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a numeric id'), v.transform(Number))),
  }),
  v.forward(v.check((q) => q.fromDate === undefined || q.toDate !== undefined, 'is required with fromDate (both dates or neither)'), ['toDate']),
  v.forward(v.check((q) => q.toDate === undefined || q.fromDate !== undefined, 'is required with toDate (both dates or neither)'), ['fromDate']),
);
export type ResultsQuery = v.InferOutput<typeof ResultsQuerySchema>;

export interface ResultAlternative {
  id: number;
  text: string;
  count: number;
  value: number | null;
  color: string | null;
}

/** An open-text answer as the organiser sees it (docs/product.md §3 votes). Times are ISO UTC; screens show them in the event's zone. */
export interface OpenTextVote {
  answerId: number;
  pollId: number;
  label: string;
  isSelected: boolean;
  isHidden: boolean;
  createdOn: string;
  createdByName: string;
  createdByLastname: string;
}

export interface ResultComment {
  answerId: number;
  comment: string;
  createdOn: string;
  isHidden: boolean;
}

/** One poll (or quiz item) with its results. */
export interface ResultPoll {
  id: number;
  title: string;
  question: string;
  questionType: number;
  accessKey: string;
  isTemplate: boolean;
  isOpen: boolean;
  alternatives: ResultAlternative[];
  allVoteCount: number;
  participantsCount: number;
  /** Rating polls: two decimals; null otherwise or without votes. */
  average: number | null;
  /** Open-text answers: visible first, then newest first (docs/product.md §4). */
  votes: OpenTextVote[];
  comments: ResultComment[];
}

/** A row of the results table (docs/product.md §2): one participant and what they answered. */
export interface ParticipantRow {
  userId: number;
  name: string;
  lastName: string;
  email: string;
  /** Per poll or item id: the chosen alternatives' texts joined, or the free text. */
  answers: Record<string, string>;
  /** Comments joined (rating comments). */
  comment: string;
}

/** An entry of the results page's quiz and template lists. */
export interface QuizListEntry {
  id: number;
  title: string;
  questionType: number;
  accessKey: string;
  isTemplate: boolean;
}

/** docs/product.md §3 liveEventPollResults: pollResults/{id}, filteredPollResults/{id}, templatePollResults/{id}, pollTemplateResults/{id}. */
export interface PollResultsResponse {
  status: 'ok';
  poll: ResultPoll;
  /** A quiz's or hunt's questions; empty for a single poll. */
  items: ResultPoll[];
  votesRegistrations: ParticipantRow[];
  votesTotal: number;
  page: number;
  size: number;
  quizList: QuizListEntry[];
}

/** GET pollResults (no id): the generic results page's lists. */
export interface ResultsIndexResponse {
  status: 'ok';
  quizList: QuizListEntry[];
  templates: QuizListEntry[];
  groups: { id: number; name: string }[];
  /** The event's top-level rating polls with their averages (the rating list without a selection). */
  ratings: { pollId: number; title: string; average: number | null; answerCount: number }[];
}

/** docs/product.md §3 quiz stream: quizStream/{id}. */
export interface QuizStreamResponse {
  title: string;
  templateTitle: string | null;
  items: ResultPoll[];
  showAverage: boolean;
  average: number | null;
  totalAverage: number | null;
  participantsCount: number;
}

/** docs/product.md §3 templateResults and templateTitle: the rating list of a template. */
export interface TemplateResultsResponse {
  templateTitle: string;
  templateResults: { pollId: number; accessKey: string; title: string; average: number | null; answerCount: number }[];
}

/** POST togglePollAnswerPresentation/{pollId} (docs/product.md §7): the answer after the action. */
export const TogglePresentationSchema = v.object({
  AnswerId: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a numeric id'), v.transform(Number))], 'must be a numeric id'), v.integer(), v.minValue(1)),
  PresentType: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d$/, 'must be 0, 1, 2 or 3'), v.transform(Number))], 'must be 0, 1, 2 or 3'), v.picklist([0, 1, 2, 3], 'must be 0, 1, 2 or 3')),
  Label: v.optional(v.string()),
  CreatedOn: v.optional(v.string()),
});
