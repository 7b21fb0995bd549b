import type { Generated } from 'kysely';
import type { AuthTokenTable, LoginLinkTable, SignupConfirmationTable, TwoFactorPinTable, PendingPasswordTable, TermsAcceptanceTable, VoucherTransactionTable } from './schema-login';
import type { SponsorLeadTable, SponsorMessageTable, MeetingRequestTable, SponsorSpeakerTable } from './schema-sponsor-contact';
import type { PollAnswerTable, PollAnswerChoiceTable, PollCodePassTable, PollAlternativeCountStripeTable, PollTallyStripeTable } from './schema-polls';
import type { ResultsSessionTable } from './schema-results';
import type { ChatTable, ChatMemberTable, ChatMessageTable } from './schema-chat';
import type { SharedListTable } from './schema-admission';
import type { SelfieOverlayTable, SelfieTable } from './schema-selfie';
import type { ConsoleAuditTable, IdempotentRequestTable } from './schema-console';

/*
 * Table types for kysely. Conventions that hold on SQLite and PostgreSQL alike:
 * booleans are stored as integers 0/1 and read as booleans (boolean-columns.ts), times are
 * ISO-8601 UTC text, structured options are JSON text. Rows imported from an event file carry a `key` unique within the event,
 * so re-importing updates rows in place and keeps their ids (bookings, votes refer to them).
 */

export interface EventTable {
  id: Generated<number>;
  slug: string;
  reg_event_code: string | null;
  name: string;
  language_id: string;
  time_zone: string;
  logo_url: string | null;
  favicon_url: string | null;
  login_caption: string | null;
  lobby_banner_text: string | null;
  stream_url: string | null;
  gamification_url: string | null;
  about_online_event: string | null;
  is_active: boolean;
  is_registration_open: boolean;
  start_date: string;
  end_date: string;
  is_two_factor: boolean;
  live_lobby: boolean;
  live_stage: boolean;
  live_web_app: boolean;
  live_faq_category: string | null;
  terms_text: string | null;
  results_password_hash: string | null;
  /** Places for attendees (registrations); null = unlimited. Self sign-ups beyond it wait. */
  capacity: number | null;
  /** The admission area's password (migration 0070); null: the results password serves. */
  participants_password_hash: Generated<string | null>;
  /** The stream area's picture until the first frame plays (migration 0111); null: the live background image. */
  holding_image_url: Generated<string | null>;
  /** The session whose stream is on the stage (migration 0170); null: the main stream, `stream_url`. */
  stage_session_id: Generated<number | null>;
  /** The holding picture covers the player for everyone (a break). */
  holding_shown: Generated<boolean>;
  captions: string;
  features: string;
  branding: string;
  version: Generated<number>;
  updated_at: string;
}

export interface LobbyElementTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  position: number;
  type: number;
  category: string | null;
  options: string;
}

export interface UserTable {
  id: Generated<number>;
  event_id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  title: string | null;
  about: string | null;
  about2: string | null;
  phone: string | null;
  company: string | null;
  job_title: string | null;
  address1: string | null;
  picture: string | null;
  linkedin: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  calculated_fields: string;
  is_hidden: boolean;
  is_organiser: boolean;
  created_at: string;
}

export interface RegistrationTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  ticket_code: string;
  /** The unguessable code of ticket links and admission QR codes (migration 0055). */
  ticket_key: string;
  admitted_at: string | null;
  created_at: string;
}

/** Self sign-ups waiting for a place; not accounts yet. */
export interface WaitingListTable {
  id: Generated<number>;
  event_id: number;
  email: string;
  first_name: string;
  last_name: string;
  company: string | null;
  job_title: string | null;
  phone: string | null;
  password_hash: string | null;
  is_hidden: boolean;
  terms_text: string | null;
  cancel_token_hash: string;
  /** The `ep_signup` secret's hash of the browser that signed up (migration 0113). */
  browser_hash: string | null;
  created_at: string;
}

export interface CategoryTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  name: string;
  category_type: number;
  is_public: boolean;
  position: number;
}

export interface TrackTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  title: string;
  header_background_color: string | null;
  is_title_hidden: boolean;
  position: number;
}

export interface SessionTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  track_id: number | null;
  title: string;
  subtitle: string | null;
  description: string | null;
  start_date: string;
  end_date: string;
  live_url: string | null;
  seat_limit: number;
  keywords: string | null;
}

export interface SessionSpeakerTable {
  session_id: number;
  speaker_id: number;
  position: number;
}

export interface SessionCategoryTable {
  session_id: number;
  category_id: number;
}

export interface SessionBookingTable {
  session_id: number;
  user_id: number;
  created_at: string;
}

export interface SpeakerTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  company: string | null;
  description: string | null;
  phone: string | null;
  email: string | null;
  image_url: string | null;
  links: string;
  position: number;
}

export interface SpeakerCategoryTable {
  speaker_id: number;
  category_id: number;
}

export interface SponsorTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  name: string;
  logo_url: string | null;
  position: number;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  links: string;
  description: string | null;
  stream_url: string | null;
  live_url: string | null;
  has_lead_form: Generated<boolean>;
}

export interface SponsorCategoryTable {
  sponsor_id: number;
  category_id: number;
}

export interface SponsorUserTable {
  sponsor_id: number;
  user_id: number;
}

export interface MeetingRoomTable {
  id: Generated<number>;
  sponsor_id: number;
  key: string;
  name: string;
  room_url: string;
  start_date: string | null;
  end_date: string | null;
}

export interface InfoPageTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  heading: string;
  body: string;
  category: string | null;
  platforms: string;
  position: number;
}

export interface DocumentTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  name: string;
  file_url: string;
  preview_url: string | null;
  doc_type: string;
  sponsor_id: number | null;
  platforms: string;
  uploaded_at: string;
  /** The organiser's order (0 for all until they give one; then newest first). */
  position: Generated<number>;
}

export interface DocumentSessionTable {
  document_id: number;
  session_id: number;
}

export interface GroupTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  name: string;
  is_public: boolean;
}

export interface GroupMemberTable {
  group_id: number;
  user_id: number;
}

export interface PollTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  parent_id: number | null;
  sponsor_id: number | null;
  position: number;
  title: string;
  question: string;
  description: string | null;
  question_type: number;
  access_key: string;
  code: string | null;
  is_public_results: boolean;
  is_comments_enabled: boolean;
  is_open: boolean;
  is_template: boolean;
  created_at: string;
  /** This poll's own results password (migration 0070); null: only the generic one. */
  results_password_hash: Generated<string | null>;
  /** ISO-8601 UTC: the first opening since the poll was made or reset (migration 0112); null: not opened since, or not known. */
  opened_at: Generated<string | null>;
  /** ISO-8601 UTC: when an organiser deleted it with answers (migration 0114); null: in use. */
  archived_at: Generated<string | null>;
}

export interface PollAlternativeTable {
  id: Generated<number>;
  poll_id: number;
  position: number;
  text: string;
  value: number | null;
  color: string | null;
  is_correct: boolean;
}

export interface TimelineItemTable {
  id: Generated<number>;
  event_id: number;
  key: string | null;
  author_id: number | null;
  in_reply_to: number | null;
  message: string;
  image_urls: string;
  is_promo: boolean;
  link_mode: string | null;
  promo_link: string | null;
  promo_link_text: string | null;
  platforms: string;
  created_at: string;
  /** Likes of the item, kept with timeline_likes in one transaction (0040). */
  likes_count: Generated<number>;
}

export interface TimelineLikeTable {
  timeline_id: number;
  user_id: number;
  created_at: string;
}

export interface Database {
  events: EventTable;
  lobby_elements: LobbyElementTable;
  users: UserTable;
  registrations: RegistrationTable;
  waiting_list: WaitingListTable;
  categories: CategoryTable;
  tracks: TrackTable;
  sessions: SessionTable;
  session_speakers: SessionSpeakerTable;
  session_categories: SessionCategoryTable;
  session_bookings: SessionBookingTable;
  speakers: SpeakerTable;
  speaker_categories: SpeakerCategoryTable;
  sponsors: SponsorTable;
  sponsor_categories: SponsorCategoryTable;
  sponsor_users: SponsorUserTable;
  meeting_rooms: MeetingRoomTable;
  info_pages: InfoPageTable;
  documents: DocumentTable;
  document_sessions: DocumentSessionTable;
  groups: GroupTable;
  shared_lists: SharedListTable;
  group_members: GroupMemberTable;
  polls: PollTable;
  poll_alternatives: PollAlternativeTable;
  timeline_items: TimelineItemTable;
  timeline_likes: TimelineLikeTable;
  auth_tokens: AuthTokenTable;
  login_links: LoginLinkTable;
  two_factor_pins: TwoFactorPinTable;
  pending_passwords: PendingPasswordTable;
  signup_confirmations: SignupConfirmationTable;
  terms_acceptances: TermsAcceptanceTable;
  voucher_transactions: VoucherTransactionTable;
  sponsor_leads: SponsorLeadTable;
  sponsor_messages: SponsorMessageTable;
  meeting_requests: MeetingRequestTable;
  sponsor_speakers: SponsorSpeakerTable;
  poll_answers: PollAnswerTable;
  poll_answer_choices: PollAnswerChoiceTable;
  poll_code_passes: PollCodePassTable;
  poll_alternative_count_stripes: PollAlternativeCountStripeTable;
  poll_tally_stripes: PollTallyStripeTable;
  results_sessions: ResultsSessionTable;
  chats: ChatTable;
  chat_members: ChatMemberTable;
  chat_messages: ChatMessageTable;
  selfie_overlays: SelfieOverlayTable;
  selfies: SelfieTable;
  console_audit: ConsoleAuditTable;
  idempotent_requests: IdempotentRequestTable;
}

export type * from './schema-login';
export type * from './schema-sponsor-contact';
export type * from './schema-polls';
export type * from './schema-chat';
export type * from './schema-admission';
export type * from './schema-console';
export type * from './schema-selfie';
