import { CHOICE_KINDS, CODED_KINDS, ITEM_KINDS, type EditablePoll } from '~/contracts/console-polls';
import { QUESTION_TYPE, type Poll, type PollAlternative, type PollItem, type QuestionType } from '~/contracts/polls';

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

interface SentAlternative { id?: number; text: string; color: string | null; isCorrect: boolean }
/** What the editor sends (PollDraftSchema's input). */
export interface SentDraft {
  title: string; question: string; description: string | null; questionType: number;
  alternatives: SentAlternative[]; scale: number | null;
  items: { id?: number; title: string; question: string; alternatives: SentAlternative[] }[];
  publicResults: boolean; commentsEnabled: boolean; code: string | null;
}

/** The draft the server takes: only the parts of the poll's kind, empty alternatives left out. */
export function draftOf(form: PollForm): SentDraft {
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

/**
 * The poll as an attendee's screen would get it, from the form as it stands (the preview): the
 * parts of its kind, unanswered and open; blank alternatives left out, a rating's points made from
 * its scale. Ids are only the preview's own (positions), as nothing is stored yet.
 */
export function previewOf(form: PollForm): Poll {
  const draft = draftOf(form);
  const alternatives = (list: { text: string; color: string | null }[], base: number): PollAlternative[] => list
    .filter((a) => a.text !== '')
    .map((a, index) => ({ id: base + index + 1, text: a.text, color: a.color, count: null, value: form.questionType === QUESTION_TYPE.RATING ? index + 1 : null }));
  const poll = (id: number, fields: { title: string; question: string; description: string | null; questionType: number; alternatives: PollAlternative[]; hasOneCorrectAnswer: boolean }, items: PollItem[]): Poll => ({
    id, parentId: null, ...fields, pollType: fields.questionType as QuestionType, questionType: fields.questionType as QuestionType,
    publicResults: form.publicResults, selectedAnswer: [], freeTextAnswer: null, comment: null, isAnswered: false, isOpen: true,
    isCommentsEnabled: form.commentsEnabled, templateId: null, isTemplate: false, accessKey: '', average: null, items,
    allVoteCount: null, participantsCount: 0, score: null,
  });
  const items: PollItem[] = draft.items.map((item, index) => {
    const id = (index + 1) * 1000;
    const one = poll(id, {
      title: item.title || String(index + 1), question: item.question, description: null, questionType: QUESTION_TYPE.MULTIPLE_ANSWERS,
      alternatives: alternatives(item.alternatives, id), hasOneCorrectAnswer: item.alternatives.filter((a) => a.isCorrect).length === 1,
    }, []);
    return { id, pollId: id, poll: { ...one, parentId: 0 } };
  });
  return poll(0, {
    title: draft.title, question: draft.question, description: draft.description, questionType: form.questionType,
    alternatives: alternatives(draft.alternatives, 0), hasOneCorrectAnswer: false,
  }, items);
}
