import type { Transaction } from 'kysely';
import type { ConsoleCategory, ConsoleSpeaker, SpeakerInput } from '~/contracts/console-speakers';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { parseJson } from '~/server/db/sql-values';
import { toContactLinks } from '~/lib/contact-links';
import { bumpEventVersion } from './event-version.repository';

/** The `categoryType` of speaker categories (docs/event-files.md). */
const SPEAKER_CATEGORY = 2;

/** A speaker's fields as the console writes them (the bio sanitised). */
export type SpeakerValues = SpeakerInput;

const columns = (values: SpeakerValues) => ({
  first_name: values.firstName, last_name: values.lastName, job_title: values.jobTitle || null, company: values.company || null,
  description: values.description || null, links: JSON.stringify(values.links),
  ...(values.imageUrl === null ? { image_url: null } : {}),
});

async function setCategories(trx: Transaction<Database>, speakerId: number, categoryIds: number[]): Promise<void> {
  await trx.deleteFrom('speaker_categories').where('speaker_id', '=', speakerId).execute();
  if (categoryIds.length > 0) await trx.insertInto('speaker_categories').values(categoryIds.map((id) => ({ speaker_id: speakerId, category_id: id }))).execute();
}

/** The event's speakers as the console edits them; every write bumps the event's version in its transaction. */
export function createSpeakerEditingRepository({ kysely }: Db) {
  return {
    async list(eventId: number): Promise<ConsoleSpeaker[]> {
      const [rows, links, sessions] = await Promise.all([
        kysely.selectFrom('speakers').selectAll().where('event_id', '=', eventId)
          .orderBy('position').orderBy('last_name').orderBy('first_name').orderBy('id').execute(),
        kysely.selectFrom('speaker_categories as sc').innerJoin('speakers as sp', 'sp.id', 'sc.speaker_id')
          .select(['sc.speaker_id', 'sc.category_id']).where('sp.event_id', '=', eventId).orderBy('sc.category_id').execute(),
        kysely.selectFrom('session_speakers as ss').innerJoin('speakers as sp', 'sp.id', 'ss.speaker_id')
          .select(['ss.speaker_id', (eb) => eb.fn.countAll<number>().as('count')]).where('sp.event_id', '=', eventId).groupBy('ss.speaker_id').execute(),
      ]);
      return rows.map((r) => ({
        id: r.id, key: r.key, firstName: r.first_name, lastName: r.last_name, jobTitle: r.job_title ?? '', company: r.company ?? '',
        description: r.description ?? '', imageUrl: r.image_url,
        // The form edits links as attendees see them: a known type, a safe address.
        links: toContactLinks(parseJson<{ type?: string; url?: unknown }[]>(r.links, [])),
        categoryIds: links.filter((l) => l.speaker_id === r.id).map((l) => l.category_id),
        sessionCount: Number(sessions.find((s) => s.speaker_id === r.id)?.count ?? 0),
      }));
    },

    /** The event's speaker categories, public or not, in their order. */
    async categories(eventId: number): Promise<ConsoleCategory[]> {
      return kysely.selectFrom('categories').select(['id', 'name']).where('event_id', '=', eventId).where('category_type', '=', SPEAKER_CATEGORY)
        .orderBy('position').orderBy('id').execute();
    },

    async keyExists(eventId: number, key: string): Promise<boolean> {
      return (await kysely.selectFrom('speakers').select('id').where('event_id', '=', eventId).where('key', '=', key).executeTakeFirst()) !== undefined;
    },

    /** Adds the speaker last; answers its id and the event's new version. */
    async insert(eventId: number, key: string, values: SpeakerValues, at: string): Promise<{ id: number; version: number }> {
      return kysely.transaction().execute(async (trx) => {
        const last = await trx.selectFrom('speakers').select((eb) => eb.fn.max('position').as('max')).where('event_id', '=', eventId).executeTakeFirst();
        const { id } = await trx.insertInto('speakers').values({ event_id: eventId, key, ...columns(values), position: Number(last?.max ?? -1) + 1 })
          .returning('id').executeTakeFirstOrThrow();
        await setCategories(trx, id, values.categoryIds);
        return { id, version: await bumpEventVersion(trx, eventId, at) };
      });
    },

    async update(eventId: number, speakerId: number, values: SpeakerValues, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        await trx.updateTable('speakers').set(columns(values)).where('event_id', '=', eventId).where('id', '=', speakerId).execute();
        await setCategories(trx, speakerId, values.categoryIds);
        return bumpEventVersion(trx, eventId, at);
      });
    },

    async setImage(eventId: number, speakerId: number, imageUrl: string, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        await trx.updateTable('speakers').set({ image_url: imageUrl }).where('event_id', '=', eventId).where('id', '=', speakerId).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /** Deletes the speaker with its links (sessions, categories, sponsors); answers the sessions it was on and the new version. */
    async remove(eventId: number, speakerId: number, at: string): Promise<{ sessionIds: number[]; version: number }> {
      return kysely.transaction().execute(async (trx) => {
        const sessions = await trx.selectFrom('session_speakers').select('session_id').where('speaker_id', '=', speakerId).execute();
        await trx.deleteFrom('session_speakers').where('speaker_id', '=', speakerId).execute();
        await trx.deleteFrom('speaker_categories').where('speaker_id', '=', speakerId).execute();
        await trx.deleteFrom('sponsor_speakers').where('speaker_id', '=', speakerId).execute();
        await trx.deleteFrom('speakers').where('event_id', '=', eventId).where('id', '=', speakerId).execute();
        return { sessionIds: sessions.map((s) => s.session_id), version: await bumpEventVersion(trx, eventId, at) };
      });
    },

    /** Numbers the speakers 0, 1, … in the given order (every speaker of the event, checked by the service). */
    async reorder(eventId: number, ids: number[], at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        for (const [position, id] of ids.entries()) {
          await trx.updateTable('speakers').set({ position }).where('event_id', '=', eventId).where('id', '=', id).execute();
        }
        return bumpEventVersion(trx, eventId, at);
      });
    },
  };
}

export type SpeakerEditingRepository = ReturnType<typeof createSpeakerEditingRepository>;
