import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import 'dayjs/locale/nb.js';
import type { Chat, ChatMessage, ChatUser } from '~/contracts/chat';
import type { Locale } from '~/contracts/event-settings';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * What the chat screens show, as pure functions (SPEC §5 chat rules, §9 chat date formats).
 * Times are shown in the event's zone (PRODUCT-DECISIONS).
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

/**
 * SPEC §5: the list shows chats with at least one message, newest last message first; the search
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

/** A chat after `userId` read it up to `lastId` (SPEC §4: their id joins readby of others' messages). */
export function withReadMark(chat: Chat, userId: number, lastId: number): Chat {
  const Messages = chat.Messages.map((m) => (m.UserID !== userId && m.ChatMessageID <= lastId && !m.readby.includes(userId)
    ? { ...m, readby: [...m.readby, userId] } : m));
  return { ...chat, Messages };
}

export interface DayGroup {
  /** DD-MM-YYYY in the event's zone (SPEC §9: chat grouped by day). */
  day: string;
  heading: string;
  messages: ChatMessage[];
}

/** Messages grouped by day, headed 'DD-MMMM-YYYY' (SPEC §9) in the locale. */
export function groupByDay(messages: readonly ChatMessage[], zone: string, locale: Locale): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const at = dayjs(message.CreatedAt).tz(zone);
    const day = at.format('DD-MM-YYYY');
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, heading: at.locale(locale).format('DD-MMMM-YYYY'), messages: [message] });
  }
  return groups;
}

/** A message's time: today only HH:mm, otherwise 'DD-MMM HH:mm' (SPEC §9). */
export function messageTime(iso: string, zone: string, locale: Locale, now: Date): string {
  const at = dayjs(iso).tz(zone);
  const isToday = at.format('YYYY-MM-DD') === dayjs(now).tz(zone).format('YYYY-MM-DD');
  return at.locale(locale).format(isToday ? 'HH:mm' : 'DD-MMM HH:mm');
}

/** The unread total shown on the navbar icon and the stage tab. */
export const unreadTotal = (chats: readonly Chat[]): number => chats.reduce((sum, chat) => sum + chat.unread, 0);
