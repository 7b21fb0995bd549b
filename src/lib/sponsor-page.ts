import type { Features } from '~/contracts/event-settings';
import { FEATURED_SPONSOR_COUNT, type SponsorSummary } from '~/contracts/sponsors';

/** The sponsor page tabs in docs/product.md §2 order. */
export const SPONSOR_TABS = ['info', 'agenda', 'contact', 'polls', 'contacts', 'rooms', 'documents'] as const;
export type SponsorTab = (typeof SPONSOR_TABS)[number];

export interface SponsorTabFacts {
  sessions: number;
  polls: number;
  users: number;
  rooms: number;
  documents: number;
}

/**
 * The tabs a sponsor page shows (docs/product.md §2): each behind its flag, some only with content.
 * The first of them opens first.
 */
export function sponsorTabs(features: Partial<Features>, facts: SponsorTabFacts): SponsorTab[] {
  const shown: Record<SponsorTab, boolean> = {
    info: features.sponsorInfo === true,
    agenda: features.sponsorAgendaTab === true && facts.sessions > 0,
    contact: features.sponsorContact === true,
    polls: features.sponsorPolls === true && facts.polls > 0,
    contacts: features.sponsorUsers === true && facts.users > 0,
    rooms: features.sponsorWherebyRooms === true && facts.rooms > 0,
    documents: features.sponsorDocumentsTab === true && facts.documents > 0,
  };
  return SPONSOR_TABS.filter((tab) => shown[tab]);
}

/** docs/product.md §9: featured sponsors are the first 5 by numeric order that have a logo. */
export function featuredSponsors<T extends Pick<SponsorSummary, 'order' | 'logoUrl' | 'id'>>(sponsors: T[]): T[] {
  return sponsors
    .filter((s) => s.logoUrl !== null && s.logoUrl.trim() !== '')
    .toSorted((a, b) => a.order - b.order || a.id - b.id)
    .slice(0, FEATURED_SPONSOR_COUNT);
}

/** A meeting room can be joined only between its start and end (docs/product.md §2); open ends count as open. */
export function isRoomAvailable(room: { wherebyStartDate: string | null; wherebyEndDate: string | null }, now: number): boolean {
  const start = room.wherebyStartDate ? Date.parse(room.wherebyStartDate) : Number.NEGATIVE_INFINITY;
  const end = room.wherebyEndDate ? Date.parse(room.wherebyEndDate) : Number.POSITIVE_INFINITY;
  return now >= start && now < end;
}

/** The see-all-sponsors modal's list: search by name, one category, 12 a page (docs/product.md §2, §9). */
export function filterSponsors<T extends SponsorSummary>(sponsors: T[], search: string, categoryId: number | null): T[] {
  const needle = search.trim().toLowerCase();
  return sponsors.filter((s) =>
    (needle === '' || s.name.toLowerCase().includes(needle))
    && (categoryId === null || s.categories.some((c) => c.value === categoryId)));
}
