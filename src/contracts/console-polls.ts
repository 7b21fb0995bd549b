import * as v from 'valibot';
import { POLL_CODE_PATTERN, QUESTION_TYPE, type QuestionType } from './polls';

/*
 * Preparing polls in the console (docs/console.md "Preparing polls"): what the editor sends and
 * reads. The server parses a draft with these schemas (400 naming the field) and applies the rules
 * a schema cannot state (a poll with answers keeps its alternatives; a code free among open polls).
 */

export const MAX_ALTERNATIVES = 30;
export const MAX_ITEMS = 50;
/** A rating's scale: from 1 to this many points at most. */
export const MAX_SCALE = 10;

/** The kinds an organiser creates; quizzes, hunts and coded quizzes hold items. */
export const EDITABLE_TYPES = [
  QUESTION_TYPE.MULTIPLE_ANSWERS, QUESTION_TYPE.OPEN_TEXT, QUESTION_TYPE.RATING, QUESTION_TYPE.CODED_POLL,
  QUESTION_TYPE.QUIZ, QUESTION_TYPE.TREASURE_HUNT, QUESTION_TYPE.CODED_QUIZ,
] as const satisfies readonly QuestionType[];

/** Kinds whose attendees choose among alternatives. */
export const CHOICE_KINDS: readonly number[] = [QUESTION_TYPE.MULTIPLE_ANSWERS, QUESTION_TYPE.CODED_POLL, QUESTION_TYPE.RATING];
/** Kinds that hold items (each a multiple-answers question with its correct answers). */
export const ITEM_KINDS: readonly number[] = [QUESTION_TYPE.QUIZ, QUESTION_TYPE.TREASURE_HUNT, QUESTION_TYPE.CODED_QUIZ];
/** Kinds an attendee opens with a code. */
export const CODED_KINDS: readonly number[] = [QUESTION_TYPE.CODED_POLL, QUESTION_TYPE.CODED_QUIZ];

const text = (max: number, message = 'is required') => v.pipe(v.string(), v.trim(), v.minLength(1, message), v.maxLength(max, `at most ${max} characters`));
const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, `at most ${max} characters`))), null);
const Color = v.optional(v.nullable(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a73e8'))), null);
const Id = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)));

export const AlternativeDraftSchema = v.object({
  /** The stored alternative this one edits; none for a new one. */
  id: Id,
  text: text(500, 'write the alternative'),
  color: Color,
  isCorrect: v.optional(v.boolean(), false),
});

export const ItemDraftSchema = v.object({
  id: Id,
  title: text(200, 'give the question a title'),
  question: optionalText(2000),
  alternatives: v.pipe(v.array(AlternativeDraftSchema), v.maxLength(MAX_ALTERNATIVES, `at most ${MAX_ALTERNATIVES} alternatives`)),
});

/** A poll as the editor sends it, whole. */
export const PollDraftSchema = v.object({
  title: text(200, 'give the poll a title'),
  question: optionalText(2000),
  description: optionalText(2000),
  questionType: v.picklist(EDITABLE_TYPES, 'must be a kind of poll the console makes'),
  alternatives: v.optional(v.pipe(v.array(AlternativeDraftSchema), v.maxLength(MAX_ALTERNATIVES, `at most ${MAX_ALTERNATIVES} alternatives`)), []),
  /** A rating's scale: 2 to MAX_SCALE points (its alternatives are made from it). */
  scale: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(2, 'at least 2 points'), v.maxValue(MAX_SCALE, `at most ${MAX_SCALE} points`))), null),
  items: v.optional(v.pipe(v.array(ItemDraftSchema), v.maxLength(MAX_ITEMS, `at most ${MAX_ITEMS} questions`)), []),
  publicResults: v.optional(v.boolean(), false),
  commentsEnabled: v.optional(v.boolean(), false),
  code: v.optional(v.nullable(v.pipe(v.string(), v.regex(POLL_CODE_PATTERN, 'must be 4 digits'))), null),
  /** Open it for answers at once (the on-the-spot poll during the show). */
  open: v.optional(v.boolean(), false),
});

export type ItemDraft = v.InferOutput<typeof ItemDraftSchema>;
export type PollDraft = v.InferOutput<typeof PollDraftSchema>;

/** A stored poll as the editor reads it: the draft's fields with the ids, and whether it is locked by answers. */
export interface EditablePoll {
  id: number;
  title: string;
  question: string;
  description: string | null;
  questionType: number;
  alternatives: { id: number; text: string; color: string | null; isCorrect: boolean; value: number | null }[];
  items: { id: number; title: string; question: string; alternatives: { id: number; text: string; color: string | null; isCorrect: boolean; value: number | null }[] }[];
  publicResults: boolean;
  commentsEnabled: boolean;
  code: string | null;
  isOpen: boolean;
  accessKey: string;
  /** Answers so far: with any, alternatives and correct answers stay as they are. */
  answers: number;
}
