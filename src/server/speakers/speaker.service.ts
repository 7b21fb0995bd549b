import type { Features } from '~/contracts/event-settings';
import type { Speaker, SpeakerPage, SpeakerQuery } from '~/contracts/speakers';
import { SPEAKER_PAGE_SIZE, SPEAKER_PAGE_SIZE_MAX } from '~/contracts/speakers';
import { toContactLinks } from '~/lib/contact-links';
import { sanitizeOptional } from '~/server/shared/sanitize-html';
import { DomainError } from '~/server/errors';
import type { SpeakerRepository, SpeakerRow } from './speaker.repository';

interface PublicEvent {
  eventId: number;
  features: Pick<Features, 'profilePhoneVisible' | 'profileEmailVisible'>;
}

export function createSpeakerService({ repository }: { repository: SpeakerRepository }) {
  /** Rows shaped into the contract, with their sessions and public categories. */
  async function shape(event: PublicEvent, rows: SpeakerRow[]): Promise<Speaker[]> {
    const ids = rows.map((r) => r.id);
    const [sessions, categories] = await Promise.all([repository.findSessions(ids), repository.findCategories(ids)]);
    return rows.map((r): Speaker => ({
      id: r.id,
      name: r.firstName,
      lastName: r.lastName,
      jobTitle: r.jobTitle,
      company: r.company,
      description: sanitizeOptional(r.description),
      phoneNumber: event.features.profilePhoneVisible ? r.phone : null,
      email: event.features.profileEmailVisible ? r.email : null,
      profileImageUrl: r.imageUrl,
      links: toContactLinks(r.links),
      sessions: sessions.filter((s) => s.speakerId === r.id).map(({ speakerId: _, ...s }) => s),
      categories: categories.filter((c) => c.speakerId === r.id).map(({ speakerId: _, ...c }) => c),
    }));
  }

  return {
    /**
     * One page of speakers for visitors (liveGetIframeSpeakerInfo). Phone and e-mail are only
     * included when the event shows them on profiles (SPEC §5 profilePhoneVisible /
     * profileEmailVisible): a public page must not reveal more than the attendee app does.
     */
    async getPublicSpeakers(event: PublicEvent, query: Partial<SpeakerQuery> = {}): Promise<SpeakerPage> {
      const page = Math.max(1, query.page ?? 1);
      const size = Math.min(Math.max(1, query.size ?? SPEAKER_PAGE_SIZE), SPEAKER_PAGE_SIZE_MAX);
      const { rows, total } = await repository.findPage(event.eventId, {
        search: query.search, categoryId: query.category, offset: (page - 1) * size, limit: size,
      });
      const speakers = await shape(event, rows);
      return { speakers, total, page, size };
    },

    /**
     * One speaker (SPEC §7 liveGetSpeakerInfo/{id}), with the same phone and e-mail rule as the
     * list; another event's speaker is a 404 like an unknown one.
     */
    async getSpeaker(event: PublicEvent, speakerId: number): Promise<Speaker> {
      const row = await repository.findById(event.eventId, speakerId);
      if (!row) throw new DomainError('speaker.not_found', 'No such speaker');
      const [speaker] = await shape(event, [row]);
      return speaker!;
    },
  };
}

export type SpeakerService = ReturnType<typeof createSpeakerService>;
