import type { Category } from '~/contracts/categories';
import type { EventDocument } from '~/contracts/content';
import type { EventInfo } from '~/contracts/event-info';
import type { FeatureFlag, Platform } from '~/contracts/event-settings';
import type {
  MeetingRoom, Sponsor, SponsorContactUser, SponsorPoll, SponsorSession, SponsorSummary,
} from '~/contracts/sponsors';
import { toContactLinks } from '~/lib/contact-links';
import { sponsorTabs, type SponsorTab } from '~/lib/sponsor-page';
import type { ContentService } from '~/server/content/content.service';
import { DomainError } from '~/server/errors';
import { isFeatureOnAnywhere } from '~/lib/platform-features';
import { requireFeature } from '~/server/shared/feature-access';
import type { SponsorRecord, SponsorRepository } from './sponsor.repository';

export type { SponsorRecord } from './sponsor.repository';

type SponsorEvent = Pick<EventInfo, 'eventId' | 'features'>;

// docs/product.md §3 question types: polls are the choice, open-text and coded polls; quizzes the rest.
const POLL_TYPES = [0, 1, 4, 10] as const;
const QUIZ_TYPES = [2, 3, 5] as const;

/** Everything the sponsor page shows, loaded together (docs/product.md §4 sponsor data). */
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

interface Dependencies {
  repository: SponsorRepository;
  content: Pick<ContentService, 'sponsorDocuments'>;
  /** Which of these polls the attendee has answered (the polls domain decides what answered means). */
  answeredPolls: (userId: number, pollIds: number[]) => Promise<Set<number>>;
}

/** The sponsor page's tabs whose calls have a flag of their own (docs/product.md §2), besides the sponsors feature itself. */
export type SponsorPart = Extract<FeatureFlag, 'sponsorContact' | 'sponsorUsers' | 'sponsorPolls' | 'sponsorWherebyRooms' | 'sponsorDocumentsTab'>;

/**
 * Refuses (403 `sponsor.forbidden`) a sponsor call where sponsors are off for the caller's
 * platform, or the tab it serves is off for the event.
 */
function requireSponsors(event: SponsorEvent, platform: Platform, part?: SponsorPart): void {
  requireFeature(event, 'sponsors', platform);
  if (part && !event.features[part]) throw new DomainError('sponsor.forbidden', `${part} is off for this event`, { field: 'platform', platform });
}

export function createSponsorService({ repository, content, answeredPolls }: Dependencies) {
  /** The sponsor's polls of `types`, each marked answered or not for `userId`; for anyone (`null`), none is. */
  async function pollsFor(sponsorId: number, types: readonly number[], userId: number | null): Promise<SponsorPoll[]> {
    const polls = await repository.findPolls(sponsorId, types);
    const answered = userId === null ? new Set<number>() : await answeredPolls(userId, polls.map((p) => p.value));
    return polls.map((p) => ({ ...p, isAnswered: answered.has(p.value) }));
  }

  async function sponsorRow(event: Pick<EventInfo, 'eventId'>, id: number): Promise<SponsorRecord> {
    const row = await repository.findById(event.eventId, id);
    if (!row) throw new DomainError('sponsor.not_found', 'No such sponsor');
    return row;
  }

  function summary(row: SponsorRecord, categories: { sponsorId: number; value: number; label: string }[]): SponsorSummary {
    const { id } = row;
    return {
      id, name: row.name, logoUrl: row.logoUrl, order: row.position,
      categories: categories.filter((c) => c.sponsorId === id).map(({ value, label }) => ({ value, label })),
    };
  }

  async function detail(row: SponsorRecord): Promise<Sponsor> {
    return {
      ...summary(row, await repository.findCategories([row.id])),
      address: row.address, phoneNumber: row.phone, email: row.email ?? '', website: row.website,
      links: toContactLinks(row.links), description: row.description,
      streamUrl: row.streamUrl, liveURL: row.liveUrl, leadForm: row.hasLeadForm,
    };
  }

  async function users(event: SponsorEvent, sponsorId: number): Promise<SponsorContactUser[]> {
    const rows = await repository.findContactUsers(sponsorId);
    return rows.map((u) => ({
      UserID: u.id, Firstname: u.firstName, Lastname: u.lastName, Company: u.company, Picture: u.picture,
      Jobtitle: u.jobTitle, About2: u.about2,
      // docs/product.md §5: phone and e-mail only where the event shows them on profiles.
      Cell: event.features.profilePhoneVisible ? u.phone : null,
      Email: event.features.profileEmailVisible ? u.email : null,
    }));
  }

  async function rooms(sponsorId: number): Promise<MeetingRoom[]> {
    return (await repository.findRooms(sponsorId)).map((r) => ({
      id: r.id, wherebyMeetingName: r.name, wherebyRoomURL: r.roomUrl, wherebyStartDate: r.startDate, wherebyEndDate: r.endDate,
    }));
  }

  async function documents(event: SponsorEvent, sponsorId: number, platform: Platform): Promise<EventDocument[]> {
    return content.sponsorDocuments(event.eventId, sponsorId, platform);
  }

  return {
    /** GET sponsors: every sponsor of the event in configured order. */
    async list(event: SponsorEvent, platform: Platform): Promise<SponsorSummary[]> {
      requireSponsors(event, platform);
      const rows = await repository.findAll(event.eventId);
      const categories = await repository.findCategories(rows.map((r) => r.id));
      return rows.map((r) => summary(r, categories));
    },

    /** The stored sponsor of this event, for domains that act on its behalf (leads) and the public lead form: no flag applies. */
    record: sponsorRow,

    /**
     * The sponsor of the public lead form (no login, so no platform): the sponsors feature on some
     * platform, the sponsor contact part on and the sponsor taking leads, else a 403 (the page shows "not found").
     */
    async leadFormRecord(event: SponsorEvent, id: number): Promise<SponsorRecord> {
      if (!isFeatureOnAnywhere(event.features, 'sponsors') || !event.features.sponsorContact) {
        throw new DomainError('sponsor.forbidden', 'The lead form is off for this event');
      }
      const row = await sponsorRow(event, id);
      if (!row.hasLeadForm) throw new DomainError('sponsor.forbidden', 'This sponsor takes no leads through the form');
      return row;
    },

    /** The stored sponsor for a call an attendee makes on its page: the sponsors feature and the tab's flag must be on. */
    async usableRecord(event: SponsorEvent, id: number, platform: Platform, part: SponsorPart): Promise<SponsorRecord> {
      requireSponsors(event, platform, part);
      return sponsorRow(event, id);
    },

    /** Refuses a call of a sponsor tab (403) where sponsors or that tab are off for the caller's platform. */
    requireSponsors,

    /** The sponsors of this event a user is a contact for, in sponsor order. */
    sponsorIdsOfContact(eventId: number, userId: number): Promise<number[]> {
      return repository.findSponsorIdsOfContact(eventId, userId);
    },

    isContactUser(sponsorId: number, userId: number): Promise<boolean> {
      return repository.isContactUser(sponsorId, userId);
    },

    async get(event: SponsorEvent, id: number, platform: Platform): Promise<Sponsor> {
      requireSponsors(event, platform);
      return detail(await sponsorRow(event, id));
    },

    async users(event: SponsorEvent, id: number, platform: Platform) {
      requireSponsors(event, platform, 'sponsorUsers');
      await sponsorRow(event, id);
      return users(event, id);
    },

    async rooms(event: SponsorEvent, id: number, platform: Platform) {
      requireSponsors(event, platform, 'sponsorWherebyRooms');
      await sponsorRow(event, id);
      return rooms(id);
    },

    async polls(event: SponsorEvent, id: number, userId: number, platform: Platform) {
      requireSponsors(event, platform, 'sponsorPolls');
      await sponsorRow(event, id);
      return pollsFor(id, POLL_TYPES, userId);
    },

    async quizzes(event: SponsorEvent, id: number, userId: number, platform: Platform) {
      requireSponsors(event, platform, 'sponsorPolls');
      await sponsorRow(event, id);
      return pollsFor(id, QUIZ_TYPES, userId);
    },

    async documents(event: SponsorEvent, id: number, platform: Platform) {
      requireSponsors(event, platform, 'sponsorDocumentsTab');
      await sponsorRow(event, id);
      return documents(event, id, platform);
    },

    async categories(event: SponsorEvent, platform: Platform): Promise<Category[]> {
      requireSponsors(event, platform);
      return repository.findSponsorCategories(event.eventId);
    },

    /**
     * The sponsor page's data in one load, with the tabs it shows (docs/product.md §2, §4). `userId` null: for
     * any member (a page kept for every member), no poll answered. Refused where sponsors are off
     * for the platform the attendee came from.
     */
    async page(event: SponsorEvent, id: number, platform: Platform, userId: number | null): Promise<SponsorPageData> {
      requireSponsors(event, platform);
      const row = await sponsorRow(event, id);
      const [sponsor, u, r, d, p, q, s] = await Promise.all([
        detail(row), users(event, id), rooms(id), documents(event, id, platform),
        pollsFor(id, POLL_TYPES, userId), pollsFor(id, QUIZ_TYPES, userId), repository.findSessions(id),
      ]);
      const tabs = sponsorTabs(event.features, { sessions: s.length, polls: p.length + q.length, users: u.length, rooms: r.length, documents: d.length });
      return { sponsor, users: u, rooms: r, documents: d, polls: p, quizzes: q, sessions: s, tabs };
    },
  };
}

export type SponsorService = ReturnType<typeof createSponsorService>;
