import * as v from 'valibot';

/** Longest chat message, in characters after trimming. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages of each chat in the chat list (the newest ones); older ones come page by page from GET chat/{chatId}. */
export const CHAT_HISTORY_LIMIT = 200;
/** Messages per page of GET chat/{chatId} (default and most). */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 200;

/** A member of a chat as the chat shows them (docs/product.md §3 Chat Users). */
export interface ChatUser {
  UserID: number;
  Firstname: string;
  Lastname: string;
  Picture: string | null;
  /** Whether the user has an open realtime connection (false until presence is known). */
  Online: boolean;
}

/** docs/product.md §3 Chat Messages: `readby` lists the members other than the author who have read it. */
export interface ChatMessage {
  ChatMessageID: number;
  ChatID: number;
  UserID: number;
  Message: string;
  /** ISO-8601 UTC. */
  CreatedAt: string;
  readby: number[];
}

/**
 * docs/product.md §3 Chat, plus what the screens need: `isSupport` marks the support chat of an attendee
 * (members: the attendee and the event's organisers), `unread` counts the caller's unread
 * messages (others' messages after the caller's read mark).
 */
export interface Chat {
  ChatID: number;
  Users: ChatUser[];
  Messages: ChatMessage[];
  isSupport: boolean;
  /** The attendee a support chat belongs to (null for a chat of two attendees). */
  supportUserId: number | null;
  unread: number;
}

/** GET chat: every chat of the caller (empty ones too; the list screen shows those with messages). */
export interface ChatList {
  data: Chat[];
  unreadTotal: number;
}

/**
 * GET chat/{chatId}?before=&count=: the `count` messages before message `before` (the newest ones
 * without it), oldest first; `hasEarlier` says whether older ones remain.
 */
export interface ChatHistory {
  data: ChatMessage[];
  hasEarlier: boolean;
}

export interface ReadResult {
  data: { chatId: number; lastReadMessageId: number; unreadTotal: number };
}

const userIdField = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a user id'), v.transform(Number))], 'must be a user id'),
  v.integer('must be a user id'), v.minValue(1, 'must be a user id'), v.maxValue(2_147_483_647, 'must be a user id'),
);

/** POST chat: `{ userId }` (JSON or form). */
export const CreateChatSchema = v.object({ userId: userIdField });

/** POST chat/{chatId}: `{ message }`, plain text, trimmed, 1..CHAT_MESSAGE_MAX characters. */
export const SendMessageSchema = v.object({
  message: v.pipe(
    v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty'),
    v.maxLength(CHAT_MESSAGE_MAX, `must be at most ${CHAT_MESSAGE_MAX} characters`),
  ),
});

/** The query of GET chat/{chatId}: `before` (a ChatMessageID: only older messages) and `count`. */
export const ChatHistoryQuerySchema = v.object({
  before: v.optional(v.pipe(
    v.string(), v.regex(/^\d{1,12}$/, 'must be a message id'), v.transform(Number), v.minValue(1, 'must be a message id'),
  )),
  count: v.optional(v.pipe(
    v.string(), v.regex(/^\d{1,4}$/, `must be a number from 1 to ${CHAT_PAGE_MAX}`), v.transform(Number),
    v.minValue(1, `must be a number from 1 to ${CHAT_PAGE_MAX}`), v.maxValue(CHAT_PAGE_MAX, `must be a number from 1 to ${CHAT_PAGE_MAX}`),
  ), String(CHAT_PAGE_DEFAULT)),
});
