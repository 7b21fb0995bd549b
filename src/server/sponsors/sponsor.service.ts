import type { Category } from '~/contracts/categories';
import type { EventDocument } from '~/contracts/content';
import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';
import type {
  MeetingRoom, Sponsor, SponsorContactUser, SponsorPoll, SponsorSession, SponsorSummary,
} from '~/contracts/sponsors';
import { toContactLinks } from '~/lib/contact-links';
import { sponsorTabs, type SponsorTab } from '~/lib/sponsor-page';
import { toDocument } from '~/server/content/content.mapper';
import type { ContentRepository } from '~/server/content/content.repository';
import { sanitizeOptional } from '~/server/content/sanitize-html';
import { parseJson, toInt } from '~/server/db/sql-values';
import { DomainError } from '~/server/errors';
import type { SponsorRepository, SponsorRow } from './sponsor.repository';

type SponsorEvent = Pick<EventInfo, 'eventId' | 'features'>;

// SPEC §3 question types: polls are the choice, open-text and coded polls; quizzes the rest.
const POLL_TYPES = [0, 1, 4, 10] as const;
const QUIZ_TYPES = [2, 3, 5] as const;

/** Everything the sponsor page shows, loaded together (SPEC §4 sponsor data). */
export interface SponsorPageData {
  sponsor: Sponsor;
  users: SponsorContactUser[];
  rooms: MeetingRoom[];
  documents: EventDocument[];
  polls: SponsorPoll[];
  quizzes: SponsorPoll[];
  sessions: SponsorSession[];
  tabs: SponsorTab[];
}

export function createSponsorService({ repository, content }: { repository: SponsorRepository; content: ContentRepository }) {
  async function sponsorRow(event: SponsorEvent, id: number): Promise<SponsorRow> {
    const row = await repository.findById(event.eventId, id);
    if (!row) throw new DomainError('sponsor.not_found', 'No such sponsor');
    return row;
  }

  function summary(row: SponsorRow, categories: { sponsorId: number; value: number; label: string }[]): SponsorSummary {
    const id = toInt(row.id);
    return {
      id, name: row.name, logoUrl: row.logo_url, order: toInt(row.position),
      categories: categories.filter((c) => c.sponsorId === id).map(({ value, label }) => ({ value, label })),
    };
  }

  async function detail(row: SponsorRow): Promise<Sponsor> {
    return {
      ...summary(row, await repository.findCategories([toInt(row.id)])),
      address: row.address, phoneNumber: row.phone, email: row.email ?? '', website: row.website,
      links: toContactLinks(parseJson(row.links, [])), description: sanitizeOptional(row.description),
      streamUrl: row.stream_url, liveURL: row.live_url,
    };
  }

  async function users(event: SponsorEvent, sponsorId: number): Promise<SponsorContactUser[]> {
    const rows = await repository.findContactUsers(sponsorId);
    return rows.map((u) => ({
      UserID: u.id, Firstname: u.firstName, Lastname: u.lastName, Company: u.company, Picture: u.picture,
      Jobtitle: u.jobTitle, About2: u.about2,
      // SPEC §5: phone and e-mail only where the event shows them on profiles.
      Cell: event.features.profilePhoneVisible ? u.phone : null,
      Email: event.features.profileEmailVisible ? u.email : null,
    }));
  }

  async function rooms(sponsorId: number): Promise<MeetingRoom[]> {
    return (await repository.findRooms(sponsorId)).map((r) => ({
      id: toInt(r.id), wherebyMeetingName: r.name, wherebyRoomURL: r.room_url, wherebyStartDate: r.start_date, wherebyEndDate: r.end_date,
    }));
  }

  async function documents(event: SponsorEvent, sponsorId: number, platform: Platform): Promise<EventDocument[]> {
    return (await content.findSponsorDocuments(event.eventId, sponsorId)).map(toDocument)
      .filter((d) => d.PlatformDisplayOptions.includes(platform));
  }

  return {
    /** GET sponsors: every sponsor of the event in configured order. */
    async list(event: SponsorEvent): Promise<SponsorSummary[]> {
      const rows = await repository.findAll(event.eventId);
      const categories = await repository.findCategories(rows.map((r) => toInt(r.id)));
      return rows.map((r) => summary(r, categories));
    },

    async get(event: SponsorEvent, id: number): Promise<Sponsor> {
      return detail(await sponsorRow(event, id));
    },

    async users(event: SponsorEvent, id: number) {
      await sponsorRow(event, id);
      return users(event, id);
    },

    async rooms(event: SponsorEvent, id: number) {
      await sponsorRow(event, id);
      return rooms(id);
    },

    async polls(event: SponsorEvent, id: number) {
      await sponsorRow(event, id);
      return repository.findPolls(id, POLL_TYPES);
    },

    async quizzes(event: SponsorEvent, id: number) {
      await sponsorRow(event, id);
      return repository.findPolls(id, QUIZ_TYPES);
    },

    async documents(event: SponsorEvent, id: number, platform: Platform) {
      await sponsorRow(event, id);
      return documents(event, id, platform);
    },

    async categories(event: SponsorEvent): Promise<Category[]> {
      return repository.findSponsorCategories(event.eventId);
    },

    /** The sponsor page's data in one load, with the tabs it shows (SPEC §2, §4). */
    async page(event: SponsorEvent, id: number, platform: Platform): Promise<SponsorPageData> {
      const row = await sponsorRow(event, id);
      const [sponsor, u, r, d, p, q, s] = await Promise.all([
        detail(row), users(event, id), rooms(id), documents(event, id, platform),
        repository.findPolls(id, POLL_TYPES), repository.findPolls(id, QUIZ_TYPES), repository.findSessions(id),
      ]);
      const tabs = sponsorTabs(event.features, { sessions: s.length, polls: p.length + q.length, users: u.length, rooms: r.length, documents: d.length });
      return { sponsor, users: u, rooms: r, documents: d, polls: p, quizzes: q, sessions: s, tabs };
    },
  };
}

export type SponsorService = ReturnType<typeof createSponsorService>;
