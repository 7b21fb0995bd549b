import type { AgendaInfo, AgendaQuery, MemberAgendaInfo, MemberSession, Session, Track } from '~/contracts/agenda';
import type { EventDocument } from '~/contracts/documents';
import type { Features } from '~/contracts/event-settings';
import type { Category } from '~/contracts/categories';
import { dayKey, timeOfDay } from '~/lib/dates';
import { safeColour } from '~/lib/branding';
import { sanitizeOptional } from '~/server/shared/sanitize-html';
import { DomainError } from '~/server/errors';
import type { AgendaRepository, AgendaRows, SessionDocumentRow } from './agenda.repository';

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
export function groupAgenda<S extends Session>(sessions: readonly S[], timeZone: string): Record<string, Record<string, S[]>> {
  const agenda: Record<string, Record<string, S[]>> = {};
  for (const session of sessions) {
    const day = (agenda[dayKey(session.startDate, timeZone)] ??= {});
    (day[timeOfDay(session.startDate, timeZone)] ??= []).push(session);
  }
  return agenda;
}

/** Agenda categories in use, each once, in the order sessions first use them. */
function usedCategories(sessions: readonly Session[]): Category[] {
  const seen = new Map<number, Category>();
  for (const session of sessions) for (const c of session.categories) if (!seen.has(c.id)) seen.set(c.id, c);
  return [...seen.values()];
}

function toDocument(row: SessionDocumentRow, sessionId: number): EventDocument {
  return {
    DocumentID: row.id, Name: row.name, Documentfile: row.fileUrl, DocumentUrlPreview: row.previewUrl, docType: row.docType,
    uTime: row.uploadedAt, sessions: [sessionId], PlatformDisplayOptions: row.platforms,
  };
}

interface AgendaEvent {
  eventId: number;
  timeZone: string;
}

export function createAgendaService({ repository }: { repository: AgendaRepository }) {
  async function load(event: AgendaEvent, query: AgendaQuery) {
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
    return { sessions, shown, days, tracks };
  }

  return {
    /** The public agenda (liveGetIframeAgendaInfo), narrowed by the optional filters. */
    async getPublicAgenda(event: AgendaEvent, query: AgendaQuery = {}): Promise<AgendaInfo> {
      const { shown, days, tracks } = await load(event, query);
      return { timeZone: event.timeZone, days, agenda: groupAgenda(shown, event.timeZone), tracks };
    },

    /**
     * The agenda for a signed-in attendee (liveGetAgendaInfo): the public one plus whether the
     * caller booked each session. Other attendees' bookings show only as seatsLeft.
     */
    async getMemberAgenda(event: AgendaEvent & { features: Pick<Features, 'bookingsEnabled'> }, userId: number, query: AgendaQuery = {}): Promise<MemberAgendaInfo> {
      const [{ sessions, shown, days, tracks }, booked] = await Promise.all([
        load(event, query), repository.findBookedSessionIds(event.eventId, userId),
      ]);
      const withBooking = shown.map((s): MemberSession => ({ ...s, isBooked: booked.has(s.id), userIds: booked.has(s.id) ? [userId] : [] }));
      return {
        timeZone: event.timeZone, days, agenda: groupAgenda(withBooking, event.timeZone), tracks,
        isBookingEnabled: event.features.bookingsEnabled, categories: usedCategories(sessions),
      };
    },

    /** SPEC §7 sessions/{id}/documents: an unknown session (or another event's) is a 404. */
    async getSessionDocuments(eventId: number, sessionId: number): Promise<EventDocument[]> {
      const rows = await repository.findSessionDocuments(eventId, sessionId);
      if (rows.length === 0 && !(await repository.hasSession(eventId, sessionId))) {
        throw new DomainError('session.not_found', 'No such session');
      }
      return rows.map((row) => toDocument(row, sessionId));
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
