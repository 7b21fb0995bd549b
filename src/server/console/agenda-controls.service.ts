import { newRowKey } from '~/server/shared/row-key';
import type { ConsoleAgenda, ConsoleAgendaChange, ConsoleAgendaSession, SessionInput } from '~/contracts/console-agenda';
import { wallTextAt, wallTextToUtc } from '~/lib/zoned-time';
import { DomainError } from '~/server/errors';
import type { Realtime } from '~/server/realtime/index';
import { sanitizeOptional } from '~/server/shared/sanitize-html';
import type { AgendaControlsRepository, LockedSession, SessionFields, SessionRecord } from './agenda-controls.repository';
import type { AuditService } from './audit.service';
import { invalid, mediaAddressOf } from './console-input';
import type { Organiser } from './organiser-access';

interface Dependencies {
  repository: AgendaControlsRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
}

/** The event a change is made in: its zone (the form's wall times) and the host the call came to (stream addresses). */
export interface AgendaEventContext {
  timeZone: string;
  host: string;
}

const booked = (count: number): string => (count === 1 ? '1 attendee has' : `${count} attendees have`);

/**
 * The programme from the console (docs/console.md "Programme"): sessions created, changed and
 * deleted with their speakers, room, categories, stream and seat limit. Each change is one
 * transaction, audited (`agenda.create|update|delete`), then every node drops the kept agenda
 * (data change `stored`; the event's version moved with it) and open agendas, programmes and
 * the stage read it again (`agenda-change` without seats). A seat limit never goes under the
 * seats booked; moving or deleting a booked session needs `confirmBooked`, and answers how many
 * attendees booked it (409 with `booked` until then).
 */
export function createAgendaControls({ repository, realtime, audit, clock }: Dependencies) {
  const view = (record: SessionRecord, timeZone: string): ConsoleAgendaSession => ({
    id: record.id, key: record.key, title: record.title, description: record.description, startDate: record.startDate, endDate: record.endDate,
    start: wallTextAt(record.startDate, timeZone), end: wallTextAt(record.endDate, timeZone), trackId: record.trackId,
    categoryIds: record.categoryIds, liveUrl: record.liveUrl, seatLimit: record.seatLimit > 0 ? record.seatLimit : null,
    speakerIds: record.speakerIds, booked: record.booked,
  });

  /** What the audit row keeps of a session. */
  const kept = ({ title, startDate, endDate, trackId, liveUrl, seatLimit, speakerIds, categoryIds }: SessionFields) =>
    ({ title, startDate, endDate, trackId, liveUrl, seatLimit, speakerIds, categoryIds });

  /** The session's stored fields from the form's, each rule a 400 naming its field (nothing is written before all pass). */
  async function fieldsOf(eventId: number, input: SessionInput, event: AgendaEventContext, current?: SessionRecord): Promise<SessionFields> {
    const start = wallTextToUtc(input.start, event.timeZone);
    if (start === undefined) throw invalid('start', 'must be a day of the calendar');
    const end = wallTextToUtc(input.end, event.timeZone);
    if (end === undefined) throw invalid('end', 'must be a day of the calendar');
    if (end <= start) throw invalid('end', 'must be after the start');
    const choices = await repository.choices(eventId);
    const among = (list: { id: number }[], wanted: number[], field: string, what: string) => {
      const known = new Set(list.map((c) => c.id));
      if (wanted.some((id) => !known.has(id))) throw invalid(field, `no such ${what} in this event`);
    };
    among(choices.rooms, input.trackId === null ? [] : [input.trackId], 'trackId', 'room');
    among(choices.categories, input.categoryIds, 'categoryIds', 'session category');
    const address = input.liveUrl === null || input.liveUrl === '' ? null : input.liveUrl;
    // A stream the session already has stays as it is (an imported one may predate the console's rules).
    const liveUrl = address === null || address === current?.liveUrl ? address : mediaAddressOf(address, 'liveUrl', event.host);
    among(choices.speakers, input.speakerIds, 'speakerIds', 'speaker');
    return {
      title: input.title, description: sanitizeOptional(input.description), startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(),
      trackId: input.trackId, liveUrl, seatLimit: input.seatLimit ?? 0, speakerIds: input.speakerIds, categoryIds: input.categoryIds,
    };
  }

  /** Moving or deleting a session attendees booked waits for the organiser to have seen how many (409 `booked`). */
  function confirmed(current: LockedSession, confirmBooked: boolean, doing: string): void {
    if (current.booked > 0 && !confirmBooked) {
      throw new DomainError('console.conflict', `confirmBooked: ${booked(current.booked)} booked this session; send confirmBooked to ${doing} it and tell them`, { field: 'confirmBooked', booked: current.booked });
    }
  }

  /** Every node drops the kept agenda; open agendas and programmes (of those who booked it too) read it again. */
  async function publish(eventId: number, sessionId: number): Promise<void> {
    await realtime.publishDataChange(eventId);
    await realtime.publish(eventId, 'agenda-change', { sessionIds: [sessionId] });
  }

  const notFound = () => new DomainError('session.not_found', 'No such session in this event');

  return {
    /** Every session in start order with its bookings counted, and the speakers, rooms and categories a session may name. */
    async list(organiser: Organiser, timeZone: string): Promise<ConsoleAgenda> {
      const [sessions, choices] = await Promise.all([repository.list(organiser.eventId), repository.choices(organiser.eventId)]);
      return {
        timeZone,
        sessions: sessions.map((s) => view(s, timeZone)),
        speakers: choices.speakers.map((s) => ({
          id: s.id, name: `${s.firstName} ${s.lastName}`.trim(), detail: [s.jobTitle, s.company].filter(Boolean).join(', ') || null,
        })),
        rooms: choices.rooms.map((r) => ({ id: r.id, name: r.title })),
        categories: choices.categories,
      };
    },

    async create(organiser: Organiser, input: SessionInput, event: AgendaEventContext): Promise<ConsoleAgendaChange> {
      const fields = await fieldsOf(organiser.eventId, input, event);
      const id = await repository.create(organiser.eventId, fields, () => newRowKey(fields.title, 'session', 3), clock().toISOString());
      const session = (await repository.find(organiser.eventId, id))!;
      await audit.record(organiser, { action: 'agenda.create', target: `session:${id}`, after: { key: session.key, ...kept(session) } });
      await publish(organiser.eventId, id);
      return { session: view(session, event.timeZone), told: 0 };
    },

    /**
     * Changes every field; a seat limit under the seats booked is 409 naming `seatLimit` with
     * `booked`; new times for a booked session need `confirmBooked`. Answers how many who booked it were told of a move.
     */
    async update(organiser: Organiser, sessionId: number, input: SessionInput, event: AgendaEventContext): Promise<ConsoleAgendaChange> {
      const stored = await repository.find(organiser.eventId, sessionId);
      if (!stored) throw notFound();
      const fields = await fieldsOf(organiser.eventId, input, event, stored);
      const before = await repository.update(organiser.eventId, sessionId, fields, (current) => {
        if (fields.seatLimit > 0 && fields.seatLimit < current.booked) {
          throw new DomainError('console.conflict', `seatLimit: ${booked(current.booked)} booked this session, so the limit cannot be below ${current.booked}`, { field: 'seatLimit', booked: current.booked });
        }
        if (current.startDate !== fields.startDate || current.endDate !== fields.endDate) confirmed(current, input.confirmBooked, 'move');
      }, clock().toISOString());
      if (!before) throw notFound();
      const moved = before.startDate !== fields.startDate || before.endDate !== fields.endDate;
      const session = (await repository.find(organiser.eventId, sessionId))!;
      await audit.record(organiser, { action: 'agenda.update', target: `session:${sessionId}`, before: kept(before), after: kept(session) });
      await publish(organiser.eventId, sessionId);
      return { session: view(session, event.timeZone), told: moved ? before.booked : 0 };
    },

    /** Deletes the session and its bookings; a booked one needs `confirmBooked`. Answers how many who booked it were told. */
    async remove(organiser: Organiser, sessionId: number, confirmBooked: boolean): Promise<ConsoleAgendaChange> {
      const before = await repository.remove(organiser.eventId, sessionId, (current) => confirmed(current, confirmBooked, 'delete'), clock().toISOString());
      if (!before) throw notFound();
      await audit.record(organiser, { action: 'agenda.delete', target: `session:${sessionId}`, before: { key: before.key, booked: before.booked, ...kept(before) } });
      await publish(organiser.eventId, sessionId);
      return { session: null, told: before.booked };
    },
  };
}

export type AgendaControls = ReturnType<typeof createAgendaControls>;
