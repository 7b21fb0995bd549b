import type { AgendaInfo, AgendaQuery, Session, Track } from '~/contracts/agenda';
import type { Category } from '~/contracts/categories';
import { dayKey, timeOfDay } from '~/lib/dates';
import { safeColour } from '~/lib/branding';
import { sanitizeOptional } from '~/server/content/sanitize-html';
import type { AgendaRepository, AgendaRows } from './agenda.repository';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Shapes stored rows into the public Session contract. */
function toSessions(rows: AgendaRows): Session[] {
  const speakers = groupBy(rows.speakers, (s) => s.sessionId);
  const categories = groupBy(rows.categories, (c) => c.sessionId);
  const documents = groupBy(rows.documents, (d) => d.sessionId);
  return rows.sessions.map((s) => {
    const booked = rows.bookings.get(s.id) ?? 0;
    return {
      id: s.id,
      title: s.title,
      subtitle: s.subtitle,
      description: sanitizeOptional(s.description),
      startDate: s.startDate,
      endDate: s.endDate,
      trackId: s.trackId === null ? '0' : String(s.trackId),
      speakers: (speakers.get(s.id) ?? []).map((p) => ({
        id: p.id, name: p.firstName, lastName: p.lastName, jobTitle: p.jobTitle, company: p.company, profileImageUrl: p.imageUrl,
      })),
      docIds: (documents.get(s.id) ?? []).map((d) => d.documentId),
      liveUrl: s.liveUrl,
      myAgendaSize: s.seatLimit,
      seatsLeft: s.seatLimit > 0 ? Math.max(0, s.seatLimit - booked) : null,
      keywords: s.keywords,
      categories: (categories.get(s.id) ?? []).map((c): Category => ({ id: c.id, name: c.name, categoryType: c.categoryType })),
    };
  });
}

function matchesSearch(session: Session, needle: string): boolean {
  const haystack = [
    session.title, session.subtitle, session.keywords,
    ...session.speakers.flatMap((p) => [`${p.name} ${p.lastName}`, p.company]),
  ];
  return haystack.some((text) => text?.toLowerCase().includes(needle));
}

/**
 * Sessions grouped by day and start time in the event's zone (SPEC §3, PRODUCT-DECISIONS):
 * a session at 23:30 UTC belongs to the next day in Oslo. Input must be in start order.
 */
export function groupAgenda(sessions: readonly Session[], timeZone: string): AgendaInfo['agenda'] {
  const agenda: AgendaInfo['agenda'] = {};
  for (const session of sessions) {
    const day = (agenda[dayKey(session.startDate, timeZone)] ??= {});
    (day[timeOfDay(session.startDate, timeZone)] ??= []).push(session);
  }
  return agenda;
}

export function createAgendaService({ repository }: { repository: AgendaRepository }) {
  return {
    /** The public agenda (liveGetIframeAgendaInfo), narrowed by the optional filters. */
    async getPublicAgenda(event: { eventId: number; timeZone: string }, query: AgendaQuery = {}): Promise<AgendaInfo> {
      const rows = await repository.loadAgenda(event.eventId);
      const sessions = toSessions(rows).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id);
      const days = [...new Set(sessions.map((s) => dayKey(s.startDate, event.timeZone)))];
      const needle = query.search?.toLowerCase();
      const shown = sessions.filter((s) =>
        (!needle || matchesSearch(s, needle))
        && (query.category === undefined || s.categories.some((c) => c.id === query.category))
        && (!query.day || dayKey(s.startDate, event.timeZone) === query.day));
      const tracks = rows.tracks.map((t): Track => ({
        id: String(t.id), title: t.title, headerBackgroundColor: safeColour(t.color), hideTrackTitle: t.isTitleHidden,
      }));
      return { timeZone: event.timeZone, days, agenda: groupAgenda(shown, event.timeZone), tracks };
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
