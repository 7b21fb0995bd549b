import type { AgendaInfo, AgendaQuery, MemberAgendaInfo, MemberSession } from '~/contracts/agenda';
import type { EventDocument } from '~/contracts/documents';
import type { Features, Platform } from '~/contracts/event-settings';
import { createReadModels, type ReadModels, type VersionedEvent } from '~/server/shared/read-model-cache';
import { DomainError } from '~/server/errors';
import { requireFeature } from '~/server/shared/feature-access';
import { KeptJsonMemo, type KeptJson } from '~/server/http/kept-json';
import { buildAgendaModel, seatsLeft, withSeats, type AgendaModel } from './agenda-model';
import { writeAgenda, writeSession } from './agenda-json';
import type { AgendaRepository, SessionDocumentRow } from './agenda.repository';

/**
 * Sessions grouped by day and start time in the event's zone (docs/product.md §3, docs/decisions.md):
 * a session at 23:30 UTC belongs to the next day in Oslo. Entries come in start order, their day and
 * time already worked out (the read model's).
 */
function groupEntries<S>(entries: readonly { session: S; day: string; time: string }[]): Record<string, Record<string, S[]>> {
  const agenda: Record<string, Record<string, S[]>> = {};
  for (const { session, day, time } of entries) ((agenda[day] ??= {})[time] ??= []).push(session);
  return agenda;
}

function toDocument(row: SessionDocumentRow, sessionId: number): EventDocument {
  return {
    DocumentID: row.id, Name: row.name, Documentfile: row.fileUrl, DocumentUrlPreview: row.previewUrl, docType: row.docType,
    uTime: row.uploadedAt, sessions: [sessionId], PlatformDisplayOptions: row.platforms,
  };
}

/**
 * Member answers kept per model: one for everyone who booked none of the sessions shown, one per
 * member with bookings and per filter; ~50 kB each for the demo's agenda (text, UTF-8, gzip): 3 MB at most.
 */
const KEPT_ANSWERS_PER_MODEL = 64;

/** The agenda's read model and the member answers written from it. */
interface KeptModel {
  model: AgendaModel;
  answers: KeptJsonMemo;
}

interface AgendaEvent extends VersionedEvent {
  timeZone: string;
}

export interface AgendaServiceDeps {
  repository: AgendaRepository;
  /** Where the agenda's read model is kept per event (one cache per process, dropped on data-change). */
  readModels?: ReadModels;
}

export function createAgendaService({ repository, readModels = createReadModels() }: AgendaServiceDeps) {
  // The model with the member answers given from it, which go with it (a new version, a data change).
  const models = readModels.cache('agenda', (event: AgendaEvent) => repository.loadAgenda(event.eventId)
    .then((rows): KeptModel => ({ model: buildAgendaModel(rows, event.timeZone), answers: new KeptJsonMemo(KEPT_ANSWERS_PER_MODEL) })));

  /**
   * The cached model, the live booking counts (only when some session has a seat limit), the
   * filtered entries, and for a member (`userId`) the sessions they booked: read together with
   * the counts when there are any, so a member's agenda costs one query.
   */
  async function load(event: AgendaEvent, query: AgendaQuery, userId?: number) {
    const { model, answers } = await models.get(event);
    let booked = new Map<number, number>();
    let mine: Set<number> | undefined;
    if (model.hasSeatLimits && userId !== undefined) ({ counts: booked, mine } = await repository.countBookingsWithMine(event.eventId, userId));
    else if (model.hasSeatLimits) booked = await repository.countBookings(event.eventId);
    if (userId !== undefined) mine ??= await repository.findBookedSessionIds(event.eventId, userId);
    const needle = query.search?.toLowerCase();
    const shown = model.sessions.filter((e) =>
      (!needle || e.searchText.includes(needle))
      && (query.category === undefined || e.session.categories.some((c) => c.id === query.category))
      && (!query.day || e.day === query.day));
    return { model, answers, booked, shown, mine: mine ?? new Set<number>() };
  }

  return {
    /** The public agenda (liveGetIframeAgendaInfo), narrowed by the optional filters. */
    async getPublicAgenda(event: AgendaEvent, query: AgendaQuery = {}): Promise<AgendaInfo> {
      const { model, booked, shown } = await load(event, query);
      const agenda = groupEntries(shown.map((e) => ({ ...e, session: withSeats(e.session, booked) })));
      return { timeZone: event.timeZone, days: [...model.days], agenda, tracks: [...model.tracks] };
    },

    /**
     * The agenda for a signed-in attendee (liveGetAgendaInfo): the public one plus whether the
     * caller booked each session. Other attendees' bookings show only as seatsLeft.
     */
    async getMemberAgenda(event: AgendaEvent & { features: Pick<Features, 'bookingsEnabled'> }, userId: number, query: AgendaQuery = {}): Promise<MemberAgendaInfo> {
      const { model, booked, shown, mine } = await load(event, query, userId);
      const agenda = groupEntries(shown.map((e): { session: MemberSession; day: string; time: string } => {
        const isBooked = mine.has(e.session.id);
        return { day: e.day, time: e.time, session: { ...withSeats(e.session, booked), isBooked, userIds: isBooked ? [userId] : [] } };
      }));
      return {
        timeZone: event.timeZone, days: [...model.days], agenda, tracks: [...model.tracks],
        isBookingEnabled: event.features.bookingsEnabled, categories: [...model.categories],
      };
    },

    /**
     * getMemberAgenda as its JSON text (the same bytes as JSON.stringify of its answer), for the
     * signed-in agenda call every stage and web app makes: written from the parts the read model
     * serialised once (agenda-json.ts), and kept with the model for the next request that shows
     * the same sessions with the same seats and bookings (every member who booked none of them
     * gets the same bytes), so such a request neither writes nor compresses it again. Refused
     * where the agenda is off for the caller's platform.
     */
    async getMemberAgendaAnswer(event: AgendaEvent & { features: Partial<Features> & Pick<Features, 'bookingsEnabled'> }, userId: number, query: AgendaQuery, platform: Platform): Promise<KeptJson> {
      requireFeature(event, 'agenda', platform);
      const { model, answers, booked, shown, mine } = await load(event, query, userId);
      const seats = shown.map((e) => seatsLeft(e.session, booked));
      const isBooked = shown.map((e) => mine.has(e.session.id));
      // JSON, so no filter text can pass for another part of the key.
      const key = JSON.stringify([
        query.search ?? null, query.category ?? null, query.day ?? null, event.features.bookingsEnabled,
        seats, isBooked.some(Boolean) ? [userId, isBooked.map(Number).join('')] : null,
      ]);
      return answers.get(key, () => {
        const agenda = writeAgenda(shown.map((e, i) => ({
          dayJson: e.dayJson, timeJson: e.timeJson, json: writeSession(e.json, seats[i]!, { userId, isBooked: isBooked[i]! }),
        })));
        return `{"timeZone":${JSON.stringify(event.timeZone)},"days":${model.json.days},"agenda":${agenda},"tracks":${model.json.tracks},`
          + `"isBookingEnabled":${event.features.bookingsEnabled},"categories":${model.json.categories}}`;
      });
    },

    /**
     * docs/product.md §7 sessions/{id}/documents: an unknown session (or another event's) is a 404. Sessions
     * are the agenda's: refused where it is off for the caller's platform.
     */
    async getSessionDocuments(event: { eventId: number; features: Features }, sessionId: number, platform: Platform): Promise<EventDocument[]> {
      requireFeature(event, 'agenda', platform);
      const { eventId } = event;
      const rows = await repository.findSessionDocuments(eventId, sessionId);
      if (rows.length === 0 && !(await repository.hasSession(eventId, sessionId))) {
        throw new DomainError('session.not_found', 'No such session');
      }
      return rows.map((row) => toDocument(row, sessionId));
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
