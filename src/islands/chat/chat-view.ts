import type { Chat, ChatMessage, ChatUser } from '~/contracts/chat';
import type { Locale } from '~/contracts/event-settings';
import { dayKey, formatDate } from '~/lib/dates';

/*
 * What the chat screens show, as pure functions (docs/product.md §5 chat rules). Times and days go
 * through the one formatter (~/lib/dates): the event's zone, the page's language.
 */

const lastMessageId = (chat: Chat): number => chat.Messages.at(-1)?.ChatMessageID ?? 0;

/** The members other than me (for a support chat seen by its attendee: the organisers). */
export const othersOf = (chat: Chat, me: number): ChatUser[] => chat.Users.filter((u) => u.UserID !== me);

export const fullName = (user: Pick<ChatUser, 'Firstname' | 'Lastname'>): string => `${user.Firstname} ${user.Lastname}`.trim();

/** The one other person of a chat of two, or for a support chat seen by an organiser its attendee. */
export function counterpartOf(chat: Chat, me: number): ChatUser | undefined {
  if (chat.isSupport) return chat.supportUserId === me ? undefined : chat.Users.find((u) => u.UserID === chat.supportUserId);
  return othersOf(chat, me)[0];
}

/** Whether I see this chat as "the support team" (I am its attendee). */
export const isMySupportChat = (chat: Chat, me: number): boolean => chat.isSupport && chat.supportUserId === me;

/** Whether I answer this chat for the support team (an organiser): it is marked so, never taken for a personal chat. */
export const isSupportRequest = (chat: Chat, me: number): boolean => chat.isSupport && chat.supportUserId !== me;

/**
 * docs/product.md §5: the list shows chats with at least one message, newest last message first; the search
 * is a case-insensitive substring of the other participant's full name (the support label for
 * my own support chat).
 */
export function visibleChats(chats: readonly Chat[], me: number, search: string, supportLabel: string): Chat[] {
  const needle = search.trim().toLocaleLowerCase();
  return chats
    .filter((chat) => chat.Messages.length > 0)
    .filter((chat) => {
      if (!needle) return true;
      const counterpart = counterpartOf(chat, me);
      const name = isMySupportChat(chat, me) ? supportLabel : counterpart ? fullName(counterpart) : '';
      return name.toLocaleLowerCase().includes(needle);
    })
    .sort((a, b) => lastMessageId(b) - lastMessageId(a));
}

/** A chat with a message added (once), the newest last. */
export function withMessage(chat: Chat, message: ChatMessage): Chat {
  if (chat.Messages.some((m) => m.ChatMessageID === message.ChatMessageID)) return chat;
  const Messages = [...chat.Messages, message].sort((a, b) => a.ChatMessageID - b.ChatMessageID);
  return { ...chat, Messages };
}

/** A chat with an earlier page of its history merged in (once each), oldest first. */
export function withEarlier(chat: Chat, earlier: readonly ChatMessage[]): Chat {
  const known = new Set(chat.Messages.map((m) => m.ChatMessageID));
  const added = earlier.filter((m) => !known.has(m.ChatMessageID));
  if (added.length === 0) return chat;
  return { ...chat, Messages: [...added, ...chat.Messages].sort((a, b) => a.ChatMessageID - b.ChatMessageID) };
}

/** A chat after `userId` read it up to `lastId` (docs/product.md §4: their id joins readby of others' messages). */
export function withReadMark(chat: Chat, userId: number, lastId: number): Chat {
  const Messages = chat.Messages.map((m) => (m.UserID !== userId && m.ChatMessageID <= lastId && !m.readby.includes(userId)
    ? { ...m, readby: [...m.readby, userId] } : m));
  return { ...chat, Messages };
}

export interface DayGroup {
  /** YYYY-MM-DD in the event's zone (docs/product.md §9: chat grouped by day). */
  day: string;
  heading: string;
  messages: ChatMessage[];
}

/** Messages grouped by their day in the event's zone, each headed by the date in the page's language ('26 November 2026'). */
export function groupByDay(messages: readonly ChatMessage[], zone: string, locale: Locale): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const day = dayKey(message.CreatedAt, zone);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, heading: formatDate(message.CreatedAt, 'date', zone, locale), messages: [message] });
  }
  return groups;
}

/** A message's time in the event's zone: today only the clock ('17:25'), otherwise the day too ('26 Nov, 17:25'). */
export function messageTime(iso: string, zone: string, locale: Locale, now: Date): string {
  return formatDate(iso, dayKey(iso, zone) === dayKey(now, zone) ? 'time' : 'dayTime', zone, locale);
}

/** The unread total shown on the navbar icon and the stage tab. */
export const unreadTotal = (chats: readonly Chat[]): number => chats.reduce((sum, chat) => sum + chat.unread, 0);
