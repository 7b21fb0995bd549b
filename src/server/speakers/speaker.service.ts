import type { Features } from '~/contracts/event-settings';
import type { Speaker, SpeakerPage, SpeakerQuery } from '~/contracts/speakers';
import { SPEAKER_PAGE_SIZE, SPEAKER_PAGE_SIZE_MAX } from '~/contracts/speakers';
import { toContactLinks } from '~/lib/contact-links';
import { createReadModels, type ReadModels, type VersionedEvent } from '~/server/shared/read-model-cache';
import { DomainError } from '~/server/errors';
import type { SpeakerRepository, SpeakerRow } from './speaker.repository';

export type { SpeakerRow } from './speaker.repository';

interface PublicEvent extends VersionedEvent {
  features: Pick<Features, 'profilePhoneVisible' | 'profileEmailVisible'>;
}

/** One speaker of the read model: the contract, plus what the filters look at. */
interface SpeakerEntry {
  speaker: Speaker;
  /** "first last", company and job title, lower-cased, as the search matched them in SQL before. */
  searchFields: string[];
  categoryIds: Set<number>;
}

/**
 * The event's speakers, shaped once per event version. Everything in it changes only
 * with an import; phone and e-mail follow the event's features, which an import also changes.
 */
interface SpeakerModel {
  entries: SpeakerEntry[];
  byId: Map<number, Speaker>;
}

function groupBy<T extends { speakerId: number }>(items: readonly T[]): Map<number, Omit<T, 'speakerId'>[]> {
  const groups = new Map<number, Omit<T, 'speakerId'>[]>();
  for (const { speakerId, ...rest } of items) {
    const list = groups.get(speakerId);
    if (list) list.push(rest);
    else groups.set(speakerId, [rest]);
  }
  return groups;
}

export function createSpeakerService({ repository, readModels = createReadModels() }: { repository: SpeakerRepository; readModels?: ReadModels }) {
  /** Rows shaped into the contract, with their sessions and public categories; descriptions were sanitised when written. */
  async function shape(event: PublicEvent, rows: SpeakerRow[]): Promise<Speaker[]> {
    const ids = rows.map((r) => r.id);
    const [sessions, categories] = await Promise.all([repository.findSessions(ids), repository.findCategories(ids)]);
    const sessionsOf = groupBy(sessions);
    const categoriesOf = groupBy(categories);
    return rows.map((r): Speaker => ({
      id: r.id,
      name: r.firstName,
      lastName: r.lastName,
      jobTitle: r.jobTitle,
      company: r.company,
      description: r.description,
      phoneNumber: event.features.profilePhoneVisible ? r.phone : null,
      email: event.features.profileEmailVisible ? r.email : null,
      profileImageUrl: r.imageUrl,
      links: toContactLinks(r.links),
      sessions: sessionsOf.get(r.id) ?? [],
      categories: categoriesOf.get(r.id) ?? [],
    }));
  }

  const models = readModels.cache('speakers', async (event: PublicEvent): Promise<SpeakerModel> => {
    const [rows, links] = await Promise.all([repository.findAll(event.eventId), repository.findCategoryLinks(event.eventId)]);
    const speakers = await shape(event, rows);
    const categoryIds = new Map<number, Set<number>>();
    for (const { speakerId, categoryId } of links) (categoryIds.get(speakerId) ?? categoryIds.set(speakerId, new Set()).get(speakerId)!).add(categoryId);
    const entries = speakers.map((speaker, i): SpeakerEntry => {
      const row = rows[i]!;
      return {
        speaker,
        searchFields: [`${row.firstName} ${row.lastName}`, row.company ?? '', row.jobTitle ?? ''].map((text) => text.toLowerCase()),
        categoryIds: categoryIds.get(speaker.id) ?? new Set(),
      };
    });
    return { entries, byId: new Map(speakers.map((s) => [s.id, s])) };
  });

  return {
    /**
     * One page of speakers for visitors (liveGetIframeSpeakerInfo). Phone and e-mail are only
     * included when the event shows them on profiles (docs/product.md §5 profilePhoneVisible /
     * profileEmailVisible): a public page must not reveal more than the attendee app does.
     */
    async getPublicSpeakers(event: PublicEvent, query: Partial<SpeakerQuery> = {}): Promise<SpeakerPage> {
      const page = Math.max(1, query.page ?? 1);
      const size = Math.min(Math.max(1, query.size ?? SPEAKER_PAGE_SIZE), SPEAKER_PAGE_SIZE_MAX);
      const { entries } = await models.get(event);
      const needle = query.search?.toLowerCase();
      const category = query.category;
      const matching = needle || category !== undefined
        ? entries.filter((e) => (!needle || e.searchFields.some((text) => text.includes(needle)))
          && (category === undefined || e.categoryIds.has(category)))
        : entries;
      const offset = (page - 1) * size;
      return { speakers: matching.slice(offset, offset + size).map((e) => e.speaker), total: matching.length, page, size };
    },

    /**
     * One speaker (docs/product.md §7 liveGetSpeakerInfo/{id}), with the same phone and e-mail rule as the
     * list; another event's speaker is a 404 like an unknown one.
     */
    async getSpeaker(event: PublicEvent, speakerId: number): Promise<Speaker> {
      const speaker = (await models.get(event)).byId.get(speakerId);
      if (!speaker) throw new DomainError('speaker.not_found', 'No such speaker');
      return speaker;
    },
  };
}

export type SpeakerService = ReturnType<typeof createSpeakerService>;
