import type { Platform } from './event-settings';
import type { LinkMode, TimelineAuthor, TimelineEntry } from './timeline';

/** One audited console change (docs/decisions.md "Organiser console"): who, what, when, before → after. */
export interface AuditEntry {
  id: number;
  /** Null once the organiser's account is gone; `userName` still says who it was. */
  userId: number | null;
  userName: string;
  /** `<area>.<verb>`: `poll.open`, `poll.close`, `poll.reset`, `poll.results`, `poll.promote`, `poll.unpromote`, `stage.stream`, `stage.holding`, `timeline.remove`, `timeline.promote`, `timeline.pin`. */
  action: string;
  /** What it was done to: `poll:12`, `timeline:40`, `stage`. */
  target: string;
  before: unknown;
  after: unknown;
  /** ISO-8601 UTC. */
  createdAt: string;
}

/** A page of the activity list, newest first; `nextBefore` pages on (null at the end). */
export interface AuditPage {
  entries: AuditEntry[];
  nextBefore: number | null;
}

/** A poll as the console lists it: its state and how many answered. */
export interface ConsolePoll {
  id: number;
  title: string;
  questionType: number;
  accessKey: string;
  isOpen: boolean;
  /** Attendees see the counts (docs/product.md §3 publicResults); off hides them until the organiser reveals them. */
  publicResults: boolean;
  /** On the stage as a promoted item. */
  isPromoted: boolean;
  answers: number;
}

/**
 * What the stage shows (docs/console.md "The stage's sources"): the main stream, the session whose
 * stream plays instead (null: the main stream), the holding picture and whether it covers the
 * player now (a break).
 */
export interface StageSetting {
  /** The event's own main stream, kept while a session is on the stage. */
  streamUrl: string | null;
  sessionId: number | null;
  /** The session's title, what attendees read as "Now playing"; null with `sessionId`. */
  sessionTitle: string | null;
  /** Null: the live background image serves. */
  holdingImageUrl: string | null;
  holdingShown: boolean;
}

/** A session whose stream the organiser may put on the main stage. */
export interface SessionStream {
  id: number;
  title: string;
  /** ISO-8601 UTC. */
  startDate: string;
  streamUrl: string;
}

/** Give the main stream a new address (it goes on the stage), put a session's stream on the stage, or return to the main stream (`sessionId: null`). */
export type StreamChoice = { url: string | null } | { sessionId: number | null };

/** How a post is promoted (docs/product.md §3 timeline item: LinkMode, Promolink, PlatformDisplayOptions). */
export interface PromotionInput {
  linkMode: LinkMode | null;
  link: string | null;
  linkText: string | null;
  platforms: Platform[];
}

/** An announcement pinned among the promoted items. */
export interface AnnouncementInput extends PromotionInput {
  message: string;
}

/** The console's "Live now" (updated live): who is here, how the open polls move, what waits. */
export interface LiveNowSnapshot {
  /** Attendees with an open realtime connection: in person = scanned in at the door. */
  online: { digital: number; inPerson: number };
  polls: { id: number; title: string; questionType: number; answers: number; answersPerSecond: number }[];
  /** Support chats with a message this organiser has not read. */
  unreadSupportChats: number;
  stage: StageSetting;
  /** ISO-8601 UTC of the reading. */
  readAt: string;
}

/** Who wrote a post or comment, as the console names them. */
export type ConsoleAuthor = Pick<TimelineAuthor, 'UserID' | 'Firstname' | 'Lastname'>;

/** A comment as the console's moderation lists it: what a row shows and removes. */
export interface ConsoleTimelineComment {
  TimelineID: number;
  /** Null: no author (an organisers' announcement, an erased account). */
  Author: ConsoleAuthor | null;
  CreatedOn: string;
  Message: string;
}

/**
 * A post or promoted item as the console's moderation lists it (every platform), with its
 * comments: the timeline's names for what an organiser sees and acts on, not likes or .NET times.
 */
export interface ConsoleTimelineItem extends ConsoleTimelineComment,
  Pick<TimelineEntry, 'imageUrls' | 'isPromo' | 'LinkMode' | 'Promolink' | 'Promolinktext' | 'PlatformDisplayOptions'> {
  Comments: ConsoleTimelineComment[];
}

/** What the console page renders first; islands keep it live. */
export interface ConsoleView {
  liveNow: LiveNowSnapshot;
  polls: ConsolePoll[];
  timeline: ConsoleTimelineItem[];
  activity: AuditPage;
  /** Sessions with a stream, to switch the stage to one of them. */
  sessions: SessionStream[];
}
