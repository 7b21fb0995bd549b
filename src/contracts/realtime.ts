import type { Chat, ChatMessage, ChatUser } from './chat';
import type { PollCounts } from './polls';
import type { TimelineComment, TimelineEntry } from './timeline';

/**
 * Every realtime event of docs/product.md §4 with its payload. `publish()` accepts only these names;
 * docs/realtime.md lists them for client authors. Payloads carry the changed data when it is
 * small; otherwise clients refetch on the event.
 */
export interface RealtimeEvents {
  'event-change': { version: number };
  /** After a booking or cancel: the session and its seats left (null when unlimited). */
  'agenda-change': { sessionIds?: number[]; seats?: { sessionId: number; seatsLeft: number | null }[] };
  'info-page-change': Record<string, never>;
  'document-change': Record<string, never>;
  'publicGroups-change': Record<string, never>;
  'sponsor-polls-change': { sponsorId?: number };
  /**
   * A poll's tally moved (coalesced: at most one per poll every ~250 ms) or the poll changed
   * (only `pollId`: refetch; `isOpen` and `publicResults` when an organiser opened, closed, reset
   * or revealed it). Counts are the full current tally, never a delta, so a late or repeated
   * frame is harmless; they are absent when the poll's results are not public.
   */
  'poll-change': { pollId?: number; isOpen?: boolean; publicResults?: boolean } & Partial<PollCounts>;
  /** A quiz or treasure hunt got answers: `participantsCount` is how many submitted or started. */
  'quiz-change': { pollId?: number; participantsCount?: number };
  /**
   * Not in docs/product.md §4: an organiser presented, unpresented, hid or listed again an
   * open-text answer. `presented` carries the answer's text only while it is presented (it is
   * going on the projector); hidden answers' texts never travel.
   */
  'poll-answer-change': { pollId: number; answerId: number; isSelected: boolean; isHidden: boolean; presented: { label: string; author: string } | null };
  /**
   * Not in docs/product.md §4: someone was scanned in at the door. No names (anyone may listen
   * on the event's channel); open admission lists refetch through their own session.
   */
  'admission-change': Record<string, never>;
  /** The timeline changed in bulk (an import): clients refetch. */
  'timeline-change': Record<string, never>;
  /**
   * Timeline changes carry the changed item's shared part (docs/timeline.md), so open screens
   * never refetch the list; the viewer's own state (isLiked) stays the client's. The members'
   * frame has no `by`; the liker's own sockets get a copy with `by` (publishToUsers), so their
   * other pages follow and nobody else learns who liked what.
   */
  'timeline-add': { timelineId: number; item: TimelineEntry };
  'timeline-modified': { timelineId: number; item: TimelineEntry; by?: TimelineLikeChange };
  'timeline-remove': { timelineId: number };
  'timeline-add-comment': { timelineId: number; inReplyTo: number; comment: TimelineComment };
  'timeline-modified-comment': { timelineId: number; inReplyTo: number; comment: TimelineComment };
  'timeline-remove-comment': { timelineId: number; inReplyTo: number };
  'promoted-message-add': { timelineId: number; item: TimelineEntry };
  'promoted-message-modified': { timelineId: number; item: TimelineEntry; by?: TimelineLikeChange };
  'promoted-message-remove': { timelineId: number };
  /**
   * Presence moved (docs/presence.md): who came online and who went offline since the last
   * frame, coalesced, never the whole list (10,000 ids to 10,000 sockets would be 600 MB).
   * Hidden attendees never appear. Clients load the full list with GET users/online.
   */
  'online-users-change': { online: number[]; offline: number[] };
  /*
   * Chat events go only to the members of their chat (publishToUsers), never to the event.
   * They carry what changed, so no screen refetches the list for them.
   */
  /** A member read the chat up to `lastReadMessageId` (read state, docs/product.md §4). */
  'chat-change': { chatId?: number; userId?: number; lastReadMessageId?: number };
  /** A chat the recipient is a member of was created (by the other member or for support). */
  'chat-new-chat': { chatId: number; chat?: Chat };
  'chat-new-message': { chatId: number; messageId: number; message?: ChatMessage };
  /** Someone joined a chat (an organiser answering a support chat). */
  'chat-new-user': { userId: number; chatId?: number; user?: ChatUser };
  /** Not in docs/product.md §4: an operator's delivery probe (benchmark, monitoring); clients ignore it. */
  'realtime-probe': { seq: number; sentAt: number };
}

/**
 * Events whose name carries a suffix (docs/product.md §4: voucher-change-{ticket code}, quiz-change-{key}).
 * `quiz-change-{pollAccessKey}` carries `QuizChange` for every quiz kind (quiz, hunt, coded quiz).
 */
export type RealtimeDynamicEvent = `voucher-change-${string}` | `quiz-change-${string}`;

export type RealtimeEventName = keyof RealtimeEvents;

/**
 * Who may receive an event (docs/realtime.md "Audiences"): `everyone` on the event's channel,
 * anonymous visitors too (public pages, results and admission screens behind their own
 * passwords), so its payload names nobody; `members` only signed-in attendees' sockets (what
 * the API shows only to members: the timeline, presence); `user` only the sockets of the users
 * it is addressed to (chats, vouchers), never broadcast.
 */
export type RealtimeAudience = 'everyone' | 'members' | 'user';

/**
 * THE declaration of who hears what, one entry per event name; the hub reads it on every node
 * when it delivers a frame. The Record makes the compiler refuse an event without an audience.
 */
export const REALTIME_AUDIENCE: Record<RealtimeEventName, RealtimeAudience> = {
  'event-change': 'everyone', 'agenda-change': 'everyone', 'poll-change': 'everyone', 'quiz-change': 'everyone',
  'poll-answer-change': 'everyone', 'admission-change': 'everyone', 'realtime-probe': 'everyone',
  'info-page-change': 'members', 'document-change': 'members', 'publicGroups-change': 'members', 'sponsor-polls-change': 'members',
  'timeline-change': 'members', 'timeline-add': 'members', 'timeline-modified': 'members', 'timeline-remove': 'members',
  'timeline-add-comment': 'members', 'timeline-modified-comment': 'members', 'timeline-remove-comment': 'members',
  'promoted-message-add': 'members', 'promoted-message-modified': 'members', 'promoted-message-remove': 'members',
  'online-users-change': 'members',
  'chat-change': 'user', 'chat-new-chat': 'user', 'chat-new-message': 'user', 'chat-new-user': 'user',
};

/** The audience of the dynamic names, by their prefix (the part before the suffix). */
export const REALTIME_DYNAMIC_AUDIENCE: Record<'voucher-change-' | 'quiz-change-', RealtimeAudience> = {
  'voucher-change-': 'user', 'quiz-change-': 'everyone',
};

export const REALTIME_EVENT_NAMES = Object.keys(REALTIME_AUDIENCE) as RealtimeEventName[];

/** The declared audience of an event name (static or dynamic); undefined for a name nobody declared. */
export function audienceOf(name: string): RealtimeAudience | undefined {
  if (Object.hasOwn(REALTIME_AUDIENCE, name)) return REALTIME_AUDIENCE[name as RealtimeEventName];
  for (const [prefix, audience] of Object.entries(REALTIME_DYNAMIC_AUDIENCE)) {
    if (name.startsWith(prefix) && name.length > prefix.length) return audience;
  }
  return undefined;
}

/** Payload of `quiz-change-{pollAccessKey}` (dynamic, to the whole event). */
export interface QuizChange {
  quizId: number;
  participantsCount: number;
  /** The quiz's items whose tally moved, with their counts when results are public. */
  items: PollCounts[];
}

/** Whose like of a timeline item changed, and to what. */
export interface TimelineLikeChange {
  userId: number;
  isLiked: boolean;
}

/**
 * Close codes of /realtime besides the standard ones (docs/realtime.md). 4001: the session ended
 * (logout, password change, account deleted): the client logs out and does not reconnect. 4002:
 * this node is draining (rolling deploy, SIGTERM): the client reconnects at once, after a short
 * random delay, and lands on another node; it is not a logout and not an error.
 */
export const REALTIME_CLOSE = { sessionEnded: 4001, reconnectNow: 4002 } as const;

/**
 * A frame from server to client. `resync`: the node lost the broker for a while and is back
 * (docs/realtime.md "Resync"): events of the gap may never have reached this socket, so the
 * client refetches what it refetches after a reconnect; the socket itself stays open.
 */
export type ServerFrame =
  | { type: 'event'; name: string; data: unknown }
  | { type: 'welcome'; eventId: number }
  | { type: 'resync' }
  | { type: 'pong'; at: number };

/** A frame from client to server. */
export type ClientFrame = { type: 'ping'; at: number };
