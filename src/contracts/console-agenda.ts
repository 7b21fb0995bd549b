import * as v from 'valibot';

/*
 * The console's programme (docs/console.md "Programme"): the organisers' view of every session
 * of the event, and what a create or update sends. Times travel two ways: stored and answered in
 * UTC (`startDate`, `endDate`), and as the wall times of the event's zone the form shows and
 * takes (`start`, `end`: `YYYY-MM-DDTHH:mm`, what `<input type="datetime-local">` holds).
 */

/** A session as the console lists it. */
export interface ConsoleAgendaSession {
  id: number;
  /** The event file's key (stable across an export and import). */
  key: string;
  title: string;
  /** Sanitised HTML, or null. */
  description: string | null;
  startDate: string;
  endDate: string;
  /** Wall times in the event's zone, as the form shows them. */
  start: string;
  end: string;
  /** The room (the event's track), or null: none. */
  trackId: number | null;
  categoryIds: number[];
  liveUrl: string | null;
  /** Null: unlimited. */
  seatLimit: number | null;
  /** Speakers in the order they are shown. */
  speakerIds: number[];
  /** Attendees who booked it. */
  booked: number;
}

export interface ConsoleAgendaChoice {
  id: number;
  name: string;
}

/** GET /api/console/agenda: the sessions in start order, and what a session may name. */
export interface ConsoleAgenda {
  timeZone: string;
  sessions: ConsoleAgendaSession[];
  speakers: (ConsoleAgendaChoice & { detail: string | null })[];
  /** The event's rooms (tracks). */
  rooms: ConsoleAgendaChoice[];
  /** The event's session categories. */
  categories: ConsoleAgendaChoice[];
}

/** What a create, update or delete answers: the session (null once deleted) and how many attendees who booked it were told. */
export interface ConsoleAgendaChange {
  session: ConsoleAgendaSession | null;
  told: number;
}

/** The longest title and description a session takes. */
export const SESSION_TITLE_MAX = 200;
export const SESSION_DESCRIPTION_MAX = 20_000;
export const SESSION_SPEAKERS_MAX = 50;

const WALL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const wallTime = v.pipe(v.string('is required'), v.regex(WALL_TIME, 'must be a date and time as YYYY-MM-DDTHH:mm'));
const id = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be a positive number'));
const ids = (max: number) => v.pipe(
  v.array(id, 'must be a list of ids'), v.maxLength(max, `at most ${max}`),
  v.check((list) => new Set(list).size === list.length, 'must not name one twice'),
);

/** POST /api/console/agenda/sessions and PUT …/sessions/{id}: every field of the session. */
export const SessionInputSchema = v.object({
  title: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'is required'), v.maxLength(SESSION_TITLE_MAX, `must be at most ${SESSION_TITLE_MAX} characters`)),
  description: v.optional(v.nullable(v.pipe(v.string('must be text'), v.maxLength(SESSION_DESCRIPTION_MAX, `must be at most ${SESSION_DESCRIPTION_MAX} characters`))), null),
  start: wallTime,
  end: wallTime,
  trackId: v.optional(v.nullable(id), null),
  categoryIds: v.optional(ids(20), []),
  liveUrl: v.optional(v.nullable(v.pipe(v.string('must be an address'), v.trim())), null),
  seatLimit: v.optional(v.nullable(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1, or none'), v.maxValue(1_000_000, 'must be at most 1000000'))), null),
  speakerIds: v.optional(ids(SESSION_SPEAKERS_MAX), []),
  /** Moving a booked session: the organiser was shown how many booked it (else 409 with `booked`). */
  confirmBooked: v.optional(v.boolean('must be true or false'), false),
});
export type SessionInput = v.InferOutput<typeof SessionInputSchema>;

/** A session's id in the path. */
export const SessionPathSchema = v.object({
  sessionId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number), v.minValue(1, 'must be a positive whole number')),
});

/** DELETE …/sessions/{id}?confirmBooked=1: deleting a booked session once the organiser saw how many booked it. */
export const SessionDeleteQuerySchema = v.object({
  confirmBooked: v.optional(v.pipe(v.picklist(['0', '1', 'true', 'false'], 'must be 1 or 0'), v.transform((value) => value === '1' || value === 'true'))),
});
