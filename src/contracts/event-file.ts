import * as v from 'valibot';
import { sharedListSchema } from './shared-lists';
import { BRANDING_KEYS, CAPTION_KEYS, FEATURE_FLAGS, PLATFORMS, QUESTION_TYPES } from './event-settings';

/*
 * The event file: how organisers define an event as data (`npm run event -- import`).
 * Entities carry a `key` unique within their list; references between entities use keys
 * (sessions name their speakers' keys, groups their members' e-mails), never database ids.
 */

/**
 * Times in an event file: ISO 8601 with a zone, or relative to the moment of import so a demo
 * is always current: "+1d 09:30" (day offset from the import day, wall time in the event's
 * zone) or "now", "now-30m", "now+2h", "now+1d" (rounded down to the quarter hour).
 */
export const RELATIVE_TIME = /^\+(\d{1,3})d (\d{2}):(\d{2})$/;
export const NOW_RELATIVE_TIME = /^now(?:([+-])(\d{1,4})([mhd]))?$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const optionalText = v.optional(v.string());
const key = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9._-]{0,79}$/i, 'must be letters, digits, ".", "_" or "-"'));
const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'));
const url = v.pipe(v.string(), v.check((s) => s.startsWith('/') || /^https?:\/\//.test(s) || s.startsWith('mailto:') || s.startsWith('tel:'), 'must be an http(s) URL or a path starting with /'));
const colour = v.pipe(v.string(), v.regex(/^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i, 'must be a CSS colour'));
const dateTime = v.pipe(v.string(), v.check((s) => RELATIVE_TIME.test(s) || NOW_RELATIVE_TIME.test(s) || (ISO_WITH_ZONE.test(s) && !Number.isNaN(Date.parse(s))), 'must be ISO 8601 with a zone, "+1d 09:30" or "now-30m"'));
const platforms = v.optional(v.array(v.picklist(PLATFORMS)), ['digital']);
const keys = v.optional(v.array(key), []);
/** A password given in the file: hashed at import, never stored or exported as given. */
const password = v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'));
/** A stored hash (as an export writes it); null removes the password, absent keeps the stored one. */
const passwordHash = v.optional(v.nullable(v.string()));
const link = v.strictObject({ type: v.optional(v.string()), url });

const lobbyElement = v.strictObject({
  key,
  type: v.picklist([1, 2, 3, 4, 5, 6, 7], 'must be 1 (banner) to 7 (top sponsors)'),
  category: optionalText,
  options: v.optional(v.strictObject({
    label: optionalText, mainStageEnabled: v.optional(v.boolean()), mainStageLabel: optionalText,
    participantsEnabled: v.optional(v.boolean()), participantsLabel: optionalText, text: optionalText,
    fileUrl: v.optional(url), isDatesEnabled: v.optional(v.boolean()), isSearchEnabled: v.optional(v.boolean()),
    size: v.optional(v.picklist(['small', 'medium', 'large'])),
    topSponsorOptions: v.optional(v.array(v.strictObject({ sponsor: key }))),
  }), {}),
});

const user = v.strictObject({
  email, firstName: text, lastName: text,
  password: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  passwordHash: optionalText,
  title: optionalText, about: optionalText, about2: optionalText, phone: optionalText, company: optionalText,
  jobTitle: optionalText, address1: optionalText, picture: v.optional(url),
  linkedin: v.optional(url), facebook: v.optional(url), instagram: v.optional(url), twitter: v.optional(url),
  calculatedFields: v.optional(v.record(v.string(), v.string()), {}),
  /** Left out: a new attendee is listed, and a re-import keeps the attendee's own choice. */
  hidden: v.optional(v.boolean()), organiser: v.optional(v.boolean(), false),
  ticketCode: optionalText,
  /** The unguessable code of the ticket link and admission QR; kept from an export, else made at import. */
  ticketKey: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'must be 22 base64url characters (128 random bits)'))),
});

const category = v.strictObject({
  key, name: text, type: v.optional(v.picklist(['sponsor', 'agenda', 'speaker']), 'sponsor'),
  public: v.optional(v.boolean(), true),
});

const track = v.strictObject({ key, title: text, color: v.optional(colour), hideTitle: v.optional(v.boolean(), false) });

const speaker = v.strictObject({
  key, firstName: text, lastName: text, jobTitle: optionalText, company: optionalText, description: optionalText,
  phone: optionalText, email: v.optional(email), imageUrl: v.optional(url), links: v.optional(v.array(link), []),
  categories: keys,
});

const session = v.strictObject({
  key, title: text, subtitle: optionalText, description: optionalText, start: dateTime, end: dateTime,
  track: v.optional(v.nullable(key)), liveUrl: v.optional(url),
  seatLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  keywords: optionalText, speakers: keys, categories: keys,
});

const meetingRoom = v.strictObject({ key, name: text, url, start: v.optional(dateTime), end: v.optional(dateTime) });

const sponsor = v.strictObject({
  key, name: text, logoUrl: v.optional(url), order: v.optional(v.pipe(v.number(), v.integer()), 0),
  address: optionalText, phone: optionalText, email: v.optional(v.union([v.literal(''), email])), website: v.optional(url),
  links: v.optional(v.array(link), []), description: optionalText, streamUrl: v.optional(url), liveUrl: v.optional(url),
  categories: keys, users: v.optional(v.array(email), []), meetingRooms: v.optional(v.array(meetingRoom), []),
  // The speakers who appear for the sponsor: their sessions make the sponsor agenda tab (docs/product.md §2).
  speakers: keys,
  // Whether attendees may leave their contact details through the sponsor's lead form (docs/event-files.md).
  leadForm: v.optional(v.boolean(), true),
});

const infoPage = v.strictObject({ key, heading: text, body: v.string(), category: optionalText, platforms });

const document = v.strictObject({
  key, name: text, fileUrl: url, previewUrl: v.optional(url), type: v.picklist(['pdf', 'image', 'video', 'office', 'other']),
  platforms, sessions: keys, sponsor: v.optional(key), uploadedAt: v.optional(dateTime),
});

const group = v.strictObject({ key, name: text, public: v.optional(v.boolean(), false), members: v.optional(v.array(email), []) });

const alternative = v.strictObject({
  text, value: v.optional(v.number()), color: v.optional(colour), correct: v.optional(v.boolean(), false),
});

const pollFields = {
  key, title: text, question: text, description: optionalText,
  type: v.picklist(Object.keys(QUESTION_TYPES) as (keyof typeof QUESTION_TYPES)[]),
  accessKey: v.optional(key), code: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/, 'must be 4 digits'))),
  publicResults: v.optional(v.boolean(), false), commentsEnabled: v.optional(v.boolean(), false),
  open: v.optional(v.boolean(), true), template: v.optional(v.boolean(), false), sponsor: v.optional(key),
  alternatives: v.optional(v.array(alternative), []),
};
const pollItem = v.strictObject(pollFields);
const poll = v.strictObject({
  ...pollFields, items: v.optional(v.array(pollItem), []),
  /** This poll's own results password: opens only its key (`private_results_{key}`; docs/poll-results.md). */
  resultsPassword: v.optional(password), resultsPasswordHash: passwordHash,
});

const timelineComment = v.strictObject({ key, author: v.optional(email), message: text, createdAt: dateTime });
const timelinePost = v.strictObject({
  key, author: v.optional(email), message: text, createdAt: dateTime, promo: v.optional(v.boolean(), false),
  linkMode: v.optional(v.picklist(['PICTURE_ONLY_HIDDEN_BUTTON', 'BUTTON_LINK_ONLY', 'CONTAINER'])),
  promoLink: v.optional(url), promoLinkText: optionalText, platforms, imageUrls: v.optional(v.array(url), []),
  comments: v.optional(v.array(timelineComment), []),
});

/**
 * A selfie overlay: a transparent PNG drawn over the photo. It must live on this site
 * (a path, not another host) so the browser may read the composed canvas back.
 */
const sitePng = v.pipe(v.string(), v.regex(/^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.png$/i, 'must be a path on this site ending in .png'));
const selfieOverlay = v.strictObject({ key, name: text, imageUrl: sitePng });

export const EventFileSchema = v.strictObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{1,62}$/, 'must be lower-case letters, digits and "-", starting with a letter')),
  name: text,
  regEventCode: optionalText,
  language: v.optional(v.picklist(['en', 'nb']), 'en'),
  timeZone: v.pipe(v.string(), v.check((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'must be an IANA time zone such as Europe/Oslo')),
  start: dateTime,
  end: dateTime,
  active: v.optional(v.boolean(), true),
  registrationOpen: v.optional(v.boolean(), false),
  /** Places for attendees; self sign-ups beyond it join the waiting list. */
  capacity: v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))),
  twoFactor: v.optional(v.boolean(), false),
  liveLobby: v.optional(v.boolean(), true),
  liveStage: v.optional(v.boolean(), true),
  liveWebApp: v.optional(v.boolean(), false),
  liveFAQCategory: optionalText,
  logoUrl: v.optional(url), faviconUrl: v.optional(url),
  loginCaption: optionalText, lobbyBannerText: optionalText, aboutOnlineEvent: optionalText,
  streamUrl: v.optional(url), gamificationUrl: v.optional(url),
  /** The stream area's picture until the stream's first frame (docs/console.md "Holding picture"). */
  holdingImageUrl: v.optional(url),
  termsText: optionalText,
  resultsPassword: v.optional(password),
  resultsPasswordHash: passwordHash,
  /** The admission area's password (/participantsAdmitted, door check-in); without it the results password opens it. */
  participantsPassword: v.optional(password),
  participantsPasswordHash: passwordHash,
  captions: v.optional(v.partial(v.strictObject(Object.fromEntries(CAPTION_KEYS.map((k) => [k, v.string()])) as Record<(typeof CAPTION_KEYS)[number], v.StringSchema<undefined>>)), {}),
  features: v.optional(v.partial(v.strictObject(Object.fromEntries(FEATURE_FLAGS.map((k) => [k, v.boolean()])) as Record<(typeof FEATURE_FLAGS)[number], v.BooleanSchema<undefined>>)), {}),
  branding: v.optional(v.partial(v.strictObject(Object.fromEntries(BRANDING_KEYS.map((k) => [k, k === 'liveBackgroundImage' ? url : colour])) as Record<(typeof BRANDING_KEYS)[number], typeof colour>)), {}),
  lobbyElements: v.optional(v.array(lobbyElement), []),
  users: v.optional(v.array(user), []),
  groups: v.optional(v.array(group), []),
  categories: v.optional(v.array(category), []),
  tracks: v.optional(v.array(track), []),
  speakers: v.optional(v.array(speaker), []),
  sessions: v.optional(v.array(session), []),
  sponsors: v.optional(v.array(sponsor), []),
  infoPages: v.optional(v.array(infoPage), []),
  documents: v.optional(v.array(document), []),
  polls: v.optional(v.array(poll), []),
  timeline: v.optional(v.array(timelinePost), []),
  selfieOverlays: v.optional(v.array(selfieOverlay), []),
  /** Participant lists opened by a PIN at /participants/{pin} (docs/event-files.md). */
  sharedLists: v.optional(v.array(sharedListSchema(key)), []),
});

export type EventFile = v.InferOutput<typeof EventFileSchema>;
export type EventFileInput = v.InferInput<typeof EventFileSchema>;
