import { randomInt } from 'node:crypto';
import {
  CHOICE_KINDS, CODED_KINDS, ITEM_KINDS, type EditablePoll, type ItemDraft, type PollDraft,
} from '~/contracts/console-polls';
import { QUESTION_TYPE } from '~/contracts/polls';
import { DomainError } from '~/server/errors';
import { newRowKey } from '~/server/shared/row-key';
import { newAccessKey } from '~/server/shared/secrets';
import type { Realtime } from '~/server/realtime/index';
import type { AuditService } from './audit.service';
import { invalid } from './console-input';
import type { Organiser } from './organiser-access';
import type { AlternativeRow, ItemRow, NewNames, PollEditorRepository, PollFields } from './poll-editor.repository';

interface Dependencies {
  repository: PollEditorRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
}


/** The alternatives and items a draft of this kind stores, or the field it breaks. */
function structureOf(draft: PollDraft): { alternatives: AlternativeRow[]; items: ItemRow[] } {
  const { questionType } = draft;
  if (questionType === QUESTION_TYPE.RATING) {
    if (draft.scale === null) throw invalid('scale', 'give the rating a scale of 2 to 10 points');
    // A rating's alternatives are its points, 1 to the scale, each with its label (the number unless given).
    return {
      alternatives: Array.from({ length: draft.scale }, (_, i) => {
        const given = draft.alternatives[i];
        return { id: given?.id, text: given?.text ?? String(i + 1), color: given?.color ?? null, value: i + 1, isCorrect: false };
      }),
      items: [],
    };
  }
  if (CHOICE_KINDS.includes(questionType)) {
    if (draft.alternatives.length < 2) throw invalid('alternatives', 'give at least two alternatives');
    return { alternatives: draft.alternatives.map((a) => ({ id: a.id, text: a.text, color: a.color, value: null, isCorrect: false })), items: [] };
  }
  if (ITEM_KINDS.includes(questionType)) {
    if (draft.items.length === 0) throw invalid('items', 'add at least one question');
    return { alternatives: [], items: draft.items.map((item, i) => itemOf(item, i)) };
  }
  return { alternatives: [], items: [] };
}

function itemOf(item: ItemDraft, index: number): ItemRow {
  if (item.alternatives.length < 2) throw invalid(`items.${index}.alternatives`, 'give at least two alternatives');
  if (!item.alternatives.some((a) => a.isCorrect)) throw invalid(`items.${index}.alternatives`, 'mark the correct answer');
  return {
    // The event file needs a question: an item without one asks its title.
    id: item.id, title: item.title, question: item.question || item.title,
    alternatives: item.alternatives.map((a) => ({ id: a.id, text: a.text, color: a.color, value: null, isCorrect: a.isCorrect })),
  };
}

/** Whether two structures have the same alternatives (by id, in order) and the same correct answers: what answers refer to. */
function sameStructure(stored: EditablePoll, next: { alternatives: AlternativeRow[]; items: ItemRow[] }): boolean {
  const same = (a: readonly Pick<AlternativeRow, 'id' | 'isCorrect' | 'value'>[], b: readonly Pick<AlternativeRow, 'id' | 'isCorrect' | 'value'>[]) =>
    a.length === b.length && a.every((x, i) => x.id === b[i]!.id && x.isCorrect === b[i]!.isCorrect && x.value === b[i]!.value);
  return same(stored.alternatives, next.alternatives) && stored.items.length === next.items.length
    && stored.items.every((item, i) => item.id === next.items[i]!.id && same(item.alternatives, next.items[i]!.alternatives));
}

const fieldsOf = (draft: PollDraft): PollFields => ({
  // The event file needs a question: a poll without one (the quick poll's) asks its title.
  title: draft.title, question: draft.question || draft.title, description: draft.description, questionType: draft.questionType,
  isPublicResults: draft.publicResults, isCommentsEnabled: draft.commentsEnabled,
  code: CODED_KINDS.includes(draft.questionType) ? draft.code : null,
});

/**
 * Preparing polls in the console (docs/console.md "Preparing polls"): create, edit, copy, delete
 * polls, quizzes, hunts and rating polls. Each change is one transaction, audited, and announced
 * (a data change for every node's kept answers, then `poll-change` for open screens).
 */
export function createPollEditor({ repository, realtime, audit, clock }: Dependencies) {
  async function find(organiser: Organiser, pollId: number): Promise<EditablePoll> {
    const poll = await repository.read(organiser.eventId, pollId);
    if (!poll) throw new DomainError('poll.not_found', 'No such poll', { field: 'pollId' });
    return poll;
  }

  const names: NewNames = { key: (title) => newRowKey(title, 'poll', 3), accessKey: newAccessKey };

  /** A code no other poll of the event in use has (4 digits); undefined after many tries. */
  async function freeCode(eventId: number): Promise<string | undefined> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      if (!(await repository.isCodeTaken(eventId, code))) return code;
    }
    return undefined;
  }

  async function checkCode(organiser: Organiser, draft: PollDraft, exceptId?: number): Promise<void> {
    if (!CODED_KINDS.includes(draft.questionType)) return;
    if (draft.code === null) throw new DomainError('console.invalid', 'code: give the code attendees type (4 digits)', { field: 'code', freeCode: await freeCode(organiser.eventId) });
    if (await repository.isCodeTaken(organiser.eventId, draft.code, exceptId)) {
      throw new DomainError('poll.code_taken', `code: another poll has ${draft.code}`, { field: 'code', freeCode: await freeCode(organiser.eventId) });
    }
  }

  async function announce(organiser: Organiser, poll: Pick<EditablePoll, 'id' | 'isOpen' | 'publicResults'>): Promise<void> {
    // Only what lists or shapes polls is dropped, on every node (docs/http-cache.md: scope `polls`).
    await realtime.publishDataChange(organiser.eventId, 'polls');
    await realtime.publish(organiser.eventId, 'poll-change', { pollId: poll.id, parentId: null, isOpen: poll.isOpen, publicResults: poll.publicResults });
  }

  const summary = (poll: EditablePoll) => ({
    title: poll.title, question: poll.question, questionType: poll.questionType, code: poll.code, publicResults: poll.publicResults,
    commentsEnabled: poll.commentsEnabled, alternatives: poll.alternatives.map((a) => a.text), items: poll.items.map((i) => i.title),
  });

  async function create(organiser: Organiser, draft: PollDraft, action = 'poll.create'): Promise<EditablePoll> {
    const structure = structureOf(draft);
    await checkCode(organiser, draft);
    const at = clock().toISOString();
    const id = await repository.create(organiser.eventId, fieldsOf(draft), draft.open, structure.alternatives, structure.items, names, at);
    const poll = await find(organiser, id);
    await audit.record(organiser, { action, target: `poll:${id}`, before: null, after: summary(poll) });
    await announce(organiser, poll);
    return poll;
  }

  return {
    /** A poll as the editor shows it, with its answers so far. */
    read: (organiser: Organiser, pollId: number): Promise<EditablePoll> => find(organiser, pollId),

    /** A code free among the event's polls, for the editor to offer. */
    freeCode: async (organiser: Organiser): Promise<{ code: string | null }> => ({ code: (await freeCode(organiser.eventId)) ?? null }),

    /** A new poll, last in the event's order; closed unless the draft says `open`. */
    create: (organiser: Organiser, draft: PollDraft): Promise<EditablePoll> => create(organiser, draft),

    /**
     * Saves a poll whole. With answers its wording, colours and settings may change, its
     * alternatives and correct answers may not (409 `poll.locked` naming the field: copy it as a
     * new poll instead); a failing field leaves it as it was.
     */
    async update(organiser: Organiser, pollId: number, draft: PollDraft): Promise<EditablePoll> {
      const before = await find(organiser, pollId);
      const structure = structureOf(draft);
      await checkCode(organiser, draft, pollId);
      const at = clock().toISOString();
      if (before.answers > 0) {
        const locked = (field: string) => new DomainError('poll.locked', `${field}: this poll has ${before.answers} answers, so its alternatives and correct answers stay as they are; copy it as a new poll to change them`, { field, answers: before.answers });
        if (draft.questionType !== before.questionType) throw locked('questionType');
        if (!sameStructure(before, structure)) throw locked(structure.items.length > 0 ? 'items' : 'alternatives');
        const labels = [...structure.alternatives, ...structure.items.flatMap((item) => item.alternatives)]
          .map((a) => ({ id: a.id!, text: a.text, color: a.color }));
        await repository.relabel(organiser.eventId, pollId, fieldsOf(draft), labels);
      } else {
        await repository.update(organiser.eventId, pollId, fieldsOf(draft), { ...structure, isOpen: before.isOpen }, names, at);
      }
      const after = await find(organiser, pollId);
      await audit.record(organiser, { action: 'poll.update', target: `poll:${pollId}`, before: summary(before), after: summary(after) });
      await announce(organiser, after);
      return after;
    },

    /** A copy as a new, closed poll without answers (a coded one gets a free code). */
    async copy(organiser: Organiser, pollId: number): Promise<EditablePoll> {
      const source = await find(organiser, pollId);
      const draft: PollDraft = {
        title: source.title, question: source.question, description: source.description, questionType: source.questionType as PollDraft['questionType'],
        alternatives: source.alternatives.map((a) => ({ text: a.text, color: a.color, isCorrect: a.isCorrect })),
        scale: source.questionType === QUESTION_TYPE.RATING ? source.alternatives.length : null,
        items: source.items.map((item) => ({ title: item.title, question: item.question, alternatives: item.alternatives.map((a) => ({ text: a.text, color: a.color, isCorrect: a.isCorrect })) })),
        publicResults: source.publicResults, commentsEnabled: source.commentsEnabled,
        code: CODED_KINDS.includes(source.questionType) ? (await freeCode(organiser.eventId)) ?? null : null, open: false,
      };
      return create(organiser, draft, 'poll.copy');
    },

    /**
     * Deletes a poll. One with answers is archived instead, and only when asked to (`archive`):
     * else 409 `poll.locked` with how many answered, so the console asks first. Its results stay
     * on the results pages and in their exports.
     */
    async remove(organiser: Organiser, pollId: number, archive: boolean): Promise<{ deleted: boolean; archived: boolean }> {
      const poll = await find(organiser, pollId);
      const at = clock().toISOString();
      if (poll.answers > 0 && !archive) {
        throw new DomainError('poll.locked', `archive: this poll has ${poll.answers} answers; confirm to archive it with its results`, { field: 'archive', answers: poll.answers });
      }
      if (poll.answers > 0) await repository.archive(organiser.eventId, pollId, at);
      else await repository.remove(organiser.eventId, pollId);
      const action = poll.answers > 0 ? 'poll.archive' : 'poll.delete';
      await audit.record(organiser, { action, target: `poll:${pollId}`, before: summary(poll), after: null });
      await announce(organiser, { id: pollId, isOpen: false, publicResults: poll.publicResults });
      return { deleted: poll.answers === 0, archived: poll.answers > 0 };
    },
  };
}

export type PollEditor = ReturnType<typeof createPollEditor>;
