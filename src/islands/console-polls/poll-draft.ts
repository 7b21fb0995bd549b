import { CHOICE_KINDS, CODED_KINDS, ITEM_KINDS, type EditablePoll } from '~/contracts/console-polls';
import { QUESTION_TYPE } from '~/contracts/polls';

/*
 * The poll editor's form state and what it sends (docs/console.md "Preparing polls"): plain data,
 * so the rules of each kind are tested without a browser.
 */

export interface AlternativeForm { id?: number | undefined; text: string; color: string; isCorrect: boolean }
export interface ItemForm { id?: number | undefined; title: string; question: string; alternatives: AlternativeForm[] }

export interface PollForm {
  title: string;
  question: string;
  description: string;
  questionType: number;
  alternatives: AlternativeForm[];
  scale: number;
  items: ItemForm[];
  publicResults: boolean;
  commentsEnabled: boolean;
  code: string;
}

const blank = (): AlternativeForm => ({ text: '', color: '', isCorrect: false });

export const newItem = (): ItemForm => ({ title: '', question: '', alternatives: [blank(), blank()] });

export const emptyForm = (): PollForm => ({
  title: '', question: '', description: '', questionType: QUESTION_TYPE.MULTIPLE_ANSWERS, alternatives: [blank(), blank(), blank()],
  scale: 5, items: [newItem()], publicResults: false, commentsEnabled: false, code: '',
});

export const newAlternative = blank;

/** The form of a stored poll. */
export function formOf(poll: EditablePoll): PollForm {
  const alternative = (a: EditablePoll['alternatives'][number]): AlternativeForm => ({ id: a.id, text: a.text, color: a.color ?? '', isCorrect: a.isCorrect });
  return {
    title: poll.title, question: poll.question, description: poll.description ?? '', questionType: poll.questionType,
    alternatives: poll.alternatives.map(alternative),
    scale: poll.questionType === QUESTION_TYPE.RATING ? poll.alternatives.length : 5,
    items: poll.items.length > 0 ? poll.items.map((item) => ({ id: item.id, title: item.title, question: item.question, alternatives: item.alternatives.map(alternative) })) : [newItem()],
    publicResults: poll.publicResults, commentsEnabled: poll.commentsEnabled, code: poll.code ?? '',
  };
}

/** What the kind shows: alternatives, a scale, questions with correct answers, a code. */
export const partsOf = (questionType: number) => ({
  hasAlternatives: CHOICE_KINDS.includes(questionType) && questionType !== QUESTION_TYPE.RATING,
  hasScale: questionType === QUESTION_TYPE.RATING,
  hasItems: ITEM_KINDS.includes(questionType),
  hasCode: CODED_KINDS.includes(questionType),
});

const alternativeBody = (a: AlternativeForm) => ({ ...(a.id === undefined ? {} : { id: a.id }), text: a.text.trim(), color: a.color === '' ? null : a.color, isCorrect: a.isCorrect });

/** A rating's points as labelled so far: a blank label is its number. */
const pointsOf = (form: PollForm) => form.alternatives.slice(0, form.scale)
  .map((a, i) => alternativeBody({ ...a, text: a.text.trim() === '' ? String(i + 1) : a.text }));

/** The draft the server takes: only the parts of the poll's kind, empty alternatives left out. */
export function draftOf(form: PollForm): Record<string, unknown> {
  const parts = partsOf(form.questionType);
  const filled = (list: AlternativeForm[]) => list.filter((a) => a.id !== undefined || a.text.trim() !== '').map(alternativeBody);
  return {
    title: form.title.trim(), question: form.question.trim(), description: form.description.trim() === '' ? null : form.description.trim(),
    questionType: form.questionType,
    alternatives: parts.hasAlternatives ? filled(form.alternatives) : parts.hasScale ? pointsOf(form) : [],
    scale: parts.hasScale ? form.scale : null,
    items: parts.hasItems ? form.items.map((item) => ({ ...(item.id === undefined ? {} : { id: item.id }), title: item.title.trim(), question: item.question.trim(), alternatives: filled(item.alternatives) })) : [],
    publicResults: form.publicResults, commentsEnabled: form.commentsEnabled, code: parts.hasCode && form.code !== '' ? form.code : null,
  };
}

/** A list with the entry at `index` moved by `by` places (kept within the list). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + by));
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(target, 0, entry!);
  return next;
}
