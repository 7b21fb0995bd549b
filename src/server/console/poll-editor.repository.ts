import { sql, type Transaction } from 'kysely';
import type { EditablePoll } from '~/contracts/console-polls';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';

/** A poll's own fields as the editor writes them. */
export interface PollFields {
  title: string;
  question: string;
  description: string | null;
  questionType: number;
  isPublicResults: boolean;
  isCommentsEnabled: boolean;
  code: string | null;
}

/** An alternative to keep (`id`), or to add (no id), in this order. */
export interface AlternativeRow {
  id?: number | undefined;
  text: string;
  color: string | null;
  value: number | null;
  isCorrect: boolean;
}

/** A quiz's or hunt's item with its alternatives. */
export interface ItemRow {
  id?: number | undefined;
  title: string;
  question: string;
  alternatives: AlternativeRow[];
}

/** Generated names of a new poll: its key in the event file and its access key in links. */
export interface NewNames {
  key: (title: string) => string;
  accessKey: () => string;
}

type Tx = Transaction<Database>;

/** The polls table as the console's editor writes it: whole polls with their alternatives and items, in one transaction each. */
export function createPollEditorRepository(db: Db) {
  const { kysely } = db;

  async function alternativesOf(pollIds: number[]) {
    if (pollIds.length === 0) return [];
    return kysely.selectFrom('poll_alternatives').select(['id', 'poll_id', 'text', 'color', 'value', 'is_correct'])
      .where('poll_id', 'in', pollIds).orderBy('poll_id').orderBy('position').orderBy('id').execute();
  }

  /** Writes a poll's alternatives as listed: kept ones updated in place (their ids hold the answers), new ones added, the rest deleted. */
  async function writeAlternatives(tx: Tx, pollId: number, rows: AlternativeRow[]): Promise<void> {
    const kept = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
    let gone = tx.deleteFrom('poll_alternatives').where('poll_id', '=', pollId);
    if (kept.length > 0) gone = gone.where('id', 'not in', kept);
    await gone.execute();
    for (const [position, row] of rows.entries()) {
      const values = { text: row.text, color: row.color, value: row.value, is_correct: row.isCorrect, position };
      if (row.id === undefined) await tx.insertInto('poll_alternatives').values({ ...values, poll_id: pollId }).execute();
      else await tx.updateTable('poll_alternatives').set(values).where('id', '=', row.id).where('poll_id', '=', pollId).execute();
    }
  }

  async function writeItems(tx: Tx, eventId: number, parent: { id: number; isOpen: boolean }, items: ItemRow[], names: NewNames, at: string): Promise<void> {
    const kept = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    let gone = tx.deleteFrom('polls').where('parent_id', '=', parent.id);
    if (kept.length > 0) gone = gone.where('id', 'not in', kept);
    await gone.execute();
    for (const [position, item] of items.entries()) {
      const values = { title: item.title, question: item.question, position };
      let itemId = item.id;
      if (itemId === undefined) {
        const row = await tx.insertInto('polls').values({
          ...values, event_id: eventId, key: names.key(item.title), parent_id: parent.id, sponsor_id: null, description: null,
          question_type: 0, access_key: names.accessKey(), code: null, is_public_results: false, is_comments_enabled: false,
          is_open: parent.isOpen, is_template: false, created_at: at,
        }).returning('id').executeTakeFirstOrThrow();
        itemId = row.id;
      } else {
        await tx.updateTable('polls').set(values).where('id', '=', itemId).where('parent_id', '=', parent.id).execute();
      }
      await writeAlternatives(tx, itemId, item.alternatives);
    }
  }

  const pollFields = (fields: PollFields) => ({
    title: fields.title, question: fields.question, description: fields.description, question_type: fields.questionType,
    is_public_results: fields.isPublicResults, is_comments_enabled: fields.isCommentsEnabled, code: fields.code,
  });

  return {
    /** A top-level poll in use (not a template, not archived) with its alternatives, items and answers so far; undefined when none. */
    async read(eventId: number, id: number): Promise<EditablePoll | undefined> {
      const poll = await kysely.selectFrom('polls').selectAll().where('event_id', '=', eventId).where('id', '=', id)
        .where('parent_id', 'is', null).where('is_template', '=', false).where('archived_at', 'is', null).executeTakeFirst();
      if (!poll) return undefined;
      const items = await kysely.selectFrom('polls').select(['id', 'title', 'question']).where('parent_id', '=', id).orderBy('position').orderBy('id').execute();
      const [alternatives, answers] = await Promise.all([
        alternativesOf([id, ...items.map((item) => item.id)]),
        kysely.selectFrom('poll_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('poll_id', 'in', [id, ...items.map((item) => item.id)]).executeTakeFirstOrThrow(),
      ]);
      const of = (pollId: number) => alternatives.filter((a) => a.poll_id === pollId)
        .map((a) => ({ id: a.id, text: a.text, color: a.color, isCorrect: Boolean(a.is_correct), value: a.value }));
      return {
        id: poll.id, title: poll.title, question: poll.question, description: poll.description, questionType: poll.question_type,
        alternatives: of(poll.id), items: items.map((item) => ({ id: item.id, title: item.title, question: item.question, alternatives: of(item.id) })),
        publicResults: Boolean(poll.is_public_results), commentsEnabled: Boolean(poll.is_comments_enabled), code: poll.code,
        isOpen: Boolean(poll.is_open), accessKey: poll.access_key, answers: Number(answers.n),
      };
    },

    /** Whether another poll of the event in use (not archived) has this code. */
    async isCodeTaken(eventId: number, code: string, exceptId?: number): Promise<boolean> {
      let query = kysely.selectFrom('polls').select('id').where('event_id', '=', eventId).where('code', '=', code).where('archived_at', 'is', null);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Adds a poll last in the event's order, with its alternatives and items; answers its id. */
    async create(eventId: number, fields: PollFields, isOpen: boolean, alternatives: AlternativeRow[], items: ItemRow[], names: NewNames, at: string): Promise<number> {
      return kysely.transaction().execute(async (tx) => {
        const last = await tx.selectFrom('polls').select((eb) => eb.fn.max<number | null>('position').as('n')).where('event_id', '=', eventId).where('parent_id', 'is', null).executeTakeFirst();
        const { id } = await tx.insertInto('polls').values({
          ...pollFields(fields), event_id: eventId, key: names.key(fields.title), parent_id: null, sponsor_id: null,
          position: (last?.n ?? -1) + 1, access_key: names.accessKey(), is_open: isOpen, is_template: false, created_at: at,
          ...(isOpen ? { opened_at: at } : {}),
        }).returning('id').executeTakeFirstOrThrow();
        await writeAlternatives(tx, id, alternatives);
        await writeItems(tx, eventId, { id, isOpen }, items, names, at);
        return id;
      });
    },

    /** Changes a poll's fields; with `structure`, also its alternatives and items (only while it has no answers: the service decides). */
    async update(eventId: number, id: number, fields: PollFields, structure: { alternatives: AlternativeRow[]; items: ItemRow[]; isOpen: boolean } | undefined, names: NewNames, at: string): Promise<void> {
      await kysely.transaction().execute(async (tx) => {
        await tx.updateTable('polls').set(pollFields(fields)).where('event_id', '=', eventId).where('id', '=', id).execute();
        if (structure) {
          await writeAlternatives(tx, id, structure.alternatives);
          await writeItems(tx, eventId, { id, isOpen: structure.isOpen }, structure.items, names, at);
        }
      });
    },

    /** Changes only the colours and texts of alternatives it already has (a poll with answers). */
    async relabel(eventId: number, id: number, fields: PollFields, labels: { id: number; text: string; color: string | null }[]): Promise<void> {
      await kysely.transaction().execute(async (tx) => {
        await tx.updateTable('polls').set(pollFields(fields)).where('event_id', '=', eventId).where('id', '=', id).execute();
        for (const label of labels) await tx.updateTable('poll_alternatives').set({ text: label.text, color: label.color }).where('id', '=', label.id).execute();
      });
    },

    /** Deletes a poll without answers, with its alternatives and items. */
    async remove(eventId: number, id: number): Promise<void> {
      await kysely.transaction().execute(async (tx) => {
        await tx.deleteFrom('polls').where('parent_id', '=', id).execute();
        await tx.deleteFrom('polls').where('event_id', '=', eventId).where('id', '=', id).execute();
      });
    },

    /**
     * Archives a poll with answers: closed, out of the console's list and the event file (its key
     * and its items' keys become `archived:{id}`, so an import neither writes nor deletes it), its answers kept
     * for the results pages and their exports.
     */
    async archive(eventId: number, id: number, at: string): Promise<void> {
      await kysely.transaction().execute(async (tx) => {
        // `archived:{id}` is no key a file can hold (keys are letters, digits, ".", "_" and "-").
        const archived = { archived_at: at, is_open: false, code: null, key: sql<string>`'archived:' || cast(id as text)` };
        await tx.updateTable('polls').set(archived).where('parent_id', '=', id).execute();
        await tx.updateTable('polls').set(archived).where('event_id', '=', eventId).where('id', '=', id).execute();
      });
    },
  };
}

export type PollEditorRepository = ReturnType<typeof createPollEditorRepository>;
