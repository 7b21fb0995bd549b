import * as v from 'valibot';
import type { ContactLink } from './contact-links';

/** A sponsor's category as the contract names it (docs/product.md §3 "categories (value)"). */
export interface SponsorCategory {
  value: number;
  label: string;
}

/** A sponsor in lists (the see-all modal, featured sponsors). */
export interface SponsorSummary {
  id: number;
  name: string;
  logoUrl: string | null;
  order: number;
  categories: SponsorCategory[];
}

/** GET sponsors/{id} (docs/product.md §3 Sponsor); `description` is sanitised HTML or null. */
export interface Sponsor extends SponsorSummary {
  address: string | null;
  phoneNumber: string | null;
  /** Empty when the sponsor has none: the send-info button is hidden then (docs/product.md §2). */
  email: string;
  website: string | null;
  links: ContactLink[];
  description: string | null;
  streamUrl: string | null;
  liveURL: string | null;
  /** Whether the sponsor takes leads through its lead form (`/sponsor/{id}/contactForm`); off, the form answers not found. */
  leadForm: boolean;
}

/**
 * A sponsor contact user (docs/product.md §3). Cell and Email follow the event's profilePhoneVisible /
 * profileEmailVisible rule like every participant (docs/product.md §5).
 */
export interface SponsorContactUser {
  UserID: number;
  Firstname: string;
  Lastname: string;
  Company: string | null;
  Picture: string | null;
  Jobtitle: string | null;
  Cell: string | null;
  Email: string | null;
  About2: string | null;
}

/** docs/product.md §3 Meeting room; times are ISO-8601 UTC. */
export interface MeetingRoom {
  id: number;
  wherebyMeetingName: string;
  wherebyRoomURL: string;
  wherebyStartDate: string | null;
  wherebyEndDate: string | null;
}

/** A sponsor poll or quiz (docs/product.md §3 "polls (value, label)"). */
export interface SponsorPoll {
  value: number;
  label: string;
  accessKey: string;
  /** Beyond the contract: the caller has answered it (a quiz submitted, a hunt finished), so the tab can mark it. */
  isAnswered: boolean;
}

/** A session a sponsor's speakers appear in (the sponsor agenda tab). */
export interface SponsorSession {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}

/** docs/product.md §9: the see-all-sponsors modal shows 12 sponsors a page. */
export const SPONSOR_PAGE_SIZE = 12;
/** docs/product.md §9: at most 5 featured sponsors. */
export const FEATURED_SPONSOR_COUNT = 5;

const trimmed = (max: number) => v.pipe(v.string('is required'), v.trim(), v.maxLength(max, `must be at most ${max} characters`));
const required = (max: number) => v.pipe(trimmed(max), v.minLength(1, 'is required'));

/** docs/product.md §5 lead form: names and company required, e-mail optional but well-formed, description at least 4. */
export const LeadSchema = v.object({
  firstName: required(100),
  lastName: required(100),
  email: v.optional(v.union([
    v.pipe(trimmed(320), v.length(0)),
    v.pipe(trimmed(320), v.email('is invalid')),
  ], 'is invalid'), ''),
  company: required(200),
  description: v.pipe(trimmed(4000), v.minLength(4, 'must be at least 4 characters')),
});
export type Lead = v.InferOutput<typeof LeadSchema>;
export type LeadField = keyof Lead;
export const LEAD_FIELDS = ['firstName', 'lastName', 'email', 'company', 'description'] as const satisfies readonly LeadField[];

/** POST sendContactMessage (docs/product.md §7 form SponsorId, Message); an empty message is refused (docs/product.md §5). */
export const ContactMessageSchema = v.object({
  SponsorId: v.pipe(v.string('is required'), v.regex(/^\d{1,9}$/, 'must be a sponsor id'), v.transform(Number)),
  Message: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(4000, 'must be at most 4000 characters')),
});

/** A numeric id in a path. */
export const IdSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a numeric id'), v.transform(Number));

export const LeadExportQuerySchema = v.object({
  format: v.optional(v.picklist(['csv', 'xlsx'], 'must be csv or xlsx'), 'csv'),
});
