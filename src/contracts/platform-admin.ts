import * as v from 'valibot';

/*
 * The operator's page, /admin (docs/operations.md "The operator's page"): the events of the
 * platform, a new one, its first organiser.
 */

/** One event in the operator's list. */
export interface AdminEventRow {
  id: number;
  slug: string;
  name: string;
  language: 'en' | 'nb';
  timeZone: string;
  start: string;
  end: string;
  attendees: number;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const dateTime = v.pipe(v.string('must be a date and time'), v.check((s) => ISO_WITH_ZONE.test(s) && !Number.isNaN(Date.parse(s)), 'must be a date and time with its zone, such as 2026-05-04T09:00:00+02:00'));
export const SlugSchema = v.pipe(v.string('must be text'), v.trim(), v.regex(/^[a-z][a-z0-9-]{1,62}$/, 'must be 2–63 lower-case letters, digits and "-", starting with a letter'));
/** A host name with an optional port, its first label the event's slug (the platform finds the event by it). */
export const HostSchema = v.pipe(v.string('must be text'), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/, 'must be a host name such as nordic.events.example.org'));
const text = (max: number) => v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'is required'), v.maxLength(max, `must be at most ${max} characters`));

/** POST /api/admin/events: a new event, empty or as a copy of another's file (its programme, speakers, sponsors, pages and polls; not its attendees). */
export const NewEventSchema = v.pipe(v.object({
  slug: SlugSchema,
  host: HostSchema,
  name: text(200),
  language: v.picklist(['en', 'nb'], 'must be en or nb'),
  timeZone: v.pipe(v.string('must be text'), v.check((zone) => zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone), 'must be an IANA time zone such as Europe/Oslo')),
  start: dateTime,
  end: dateTime,
  copyFrom: v.optional(v.union([v.literal(''), SlugSchema], 'must be the slug of an event')),
}), v.forward(v.partialCheck([['start'], ['end'], ['slug'], ['host']], (input) => Date.parse(input.end) > Date.parse(input.start), 'must be after the start'), ['end']),
v.forward(v.partialCheck([['slug'], ['host']], (input) => input.host.split('.')[0] === input.slug, 'must begin with the slug (the platform finds the event by the first part of its host name)'), ['host']));
export type NewEvent = v.InferOutput<typeof NewEventSchema>;

/** POST /api/admin/events/{slug}/organisers: the person invited, and the host their link opens. */
export const InviteSchema = v.object({
  email: v.pipe(v.string('must be text'), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254, 'must be at most 254 characters')),
  firstName: text(100),
  lastName: text(100),
  host: HostSchema,
});
export type Invite = v.InferOutput<typeof InviteSchema>;
