import type { EventInfo } from '~/contracts/event-info';
import type { LobbyFaqEntry, LobbySession, LobbySpeaker, LobbySponsor, LobbySponsorGroup } from '~/contracts/lobby';
import type { LobbyRepository, SponsorRow } from './lobby.repository';

/** How many items a lobby section shows; the full lists live on the stage tabs. */
export const LOBBY_LIMITS = { sessions: 6, speakers: 12 } as const;

export interface LobbyServiceDeps {
  repository: LobbyRepository;
  now?: () => Date;
}

function groupSponsors(rows: readonly SponsorRow[]): LobbySponsorGroup[] {
  const groups = new Map<string | null, { position: number; sponsors: LobbySponsor[] }>();
  for (const row of rows) {
    const group = groups.get(row.category) ?? { position: row.categoryPosition ?? Number.MAX_SAFE_INTEGER, sponsors: [] };
    group.sponsors.push({ id: row.id, name: row.name, logoUrl: row.logoUrl });
    groups.set(row.category, group);
  }
  // Categories by their own order (then name); sponsors without a category come last.
  return [...groups.entries()]
    .sort(([a, ga], [b, gb]) => (a === null ? 1 : b === null ? -1 : ga.position - gb.position || a.localeCompare(b)))
    .map(([category, group]) => ({ category, sponsors: group.sponsors }));
}

export function createLobbyService({ repository, now = () => new Date() }: LobbyServiceDeps) {
  return {
    /** The event's "about the online event" rich text (sanitised when written); null when empty. */
    about(event: Pick<EventInfo, 'aboutOnlineEvent'>): string | null {
      return event.aboutOnlineEvent?.trim() || null;
    },

    /** Sessions running now or still to come, earliest first (docs/product.md §2 lobby agenda). */
    async upcomingSessions(event: Pick<EventInfo, 'eventId'>): Promise<LobbySession[]> {
      const at = now();
      const rows = await repository.findUpcomingSessions(event.eventId, at.toISOString(), LOBBY_LIMITS.sessions);
      return rows.map((r) => ({ ...r, isLive: Date.parse(r.startDate) <= at.getTime() }));
    },

    async speakers(event: Pick<EventInfo, 'eventId'>, search?: string): Promise<LobbySpeaker[]> {
      const needle = search?.trim().slice(0, 200);
      return repository.findSpeakers(event.eventId, needle || undefined, LOBBY_LIMITS.speakers);
    },

    async sponsorGroups(event: Pick<EventInfo, 'eventId'>): Promise<LobbySponsorGroup[]> {
      return groupSponsors(await repository.findSponsors(event.eventId));
    },

    /** The top-sponsor element's sponsors in the organiser's order; unknown ids are skipped. */
    async topSponsors(event: Pick<EventInfo, 'eventId'>, ids: readonly number[]): Promise<LobbySponsor[]> {
      const found = new Map((await repository.findSponsorsByIds(event.eventId, ids)).map((s) => [s.id, s]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    /** FAQ: information pages (bodies sanitised when written, migration 0085) of the event's liveFAQCategory shown on the digital platform. */
    async faq(event: Pick<EventInfo, 'eventId' | 'liveFAQCategory'>): Promise<LobbyFaqEntry[]> {
      if (!event.liveFAQCategory) return [];
      const pages = await repository.findInfoPages(event.eventId, event.liveFAQCategory);
      return pages.filter((p) => p.platforms.includes('digital'))
        .map((p) => ({ id: p.id, heading: p.heading, body: p.body }));
    },
  };
}

export type LobbyService = ReturnType<typeof createLobbyService>;
