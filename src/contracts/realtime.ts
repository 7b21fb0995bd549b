/**
 * Every realtime event of SPEC §4 with its payload. `publish()` accepts only these names;
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
  'poll-change': { pollId?: number };
  'quiz-change': { pollId?: number };
  'timeline-change': Record<string, never>;
  'timeline-add': { timelineId: number };
  'timeline-modified': { timelineId: number };
  'timeline-remove': { timelineId: number };
  'timeline-add-comment': { timelineId: number; inReplyTo: number };
  'timeline-modified-comment': { timelineId: number; inReplyTo: number };
  'timeline-remove-comment': { timelineId: number; inReplyTo: number };
  'promoted-message-add': { timelineId: number };
  'promoted-message-modified': { timelineId: number };
  'promoted-message-remove': { timelineId: number };
  'online-users-change': { online: number[] };
  'chat-change': { chatId?: number };
  'chat-new-chat': { chatId: number };
  'chat-new-message': { chatId: number; messageId: number };
  'chat-new-user': { userId: number };
}

/** Events whose name carries a suffix (SPEC §4: voucher-change-{ticket code}, quiz-change-{key}). */
export type RealtimeDynamicEvent = `voucher-change-${string}` | `quiz-change-${string}`;

export type RealtimeEventName = keyof RealtimeEvents;

/** A frame from server to client. */
export type ServerFrame =
  | { type: 'event'; name: string; data: unknown }
  | { type: 'welcome'; eventId: number }
  | { type: 'pong'; at: number };

/** A frame from client to server. */
export type ClientFrame = { type: 'ping'; at: number };
