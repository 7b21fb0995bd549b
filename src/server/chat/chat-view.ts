import type { Chat, ChatMessage, ChatUser } from '~/contracts/chat';
import type { ChatRecord, MemberRecord, MessageRecord } from './chat.repository';

export type IsOnline = (userId: number) => boolean;

/** The pair key of two attendees: the lower id first, so both orders name the same chat. */
export const pairKeyOf = (a: number, b: number): string => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** The pair key of an attendee's support chat. */
export const supportKeyOf = (attendeeId: number): string => `support:${attendeeId}`;

/** The attendee a support chat belongs to, or null for a chat between two attendees. */
export function supportUserOf(chat: Pick<ChatRecord, 'pairKey' | 'isSupport'>): number | null {
  if (!chat.isSupport) return null;
  const id = Number(chat.pairKey.slice('support:'.length));
  return Number.isInteger(id) ? id : null;
}

export const toChatUser = (member: Pick<MemberRecord, 'userId' | 'firstName' | 'lastName' | 'picture'>, isOnline: IsOnline): ChatUser => ({
  UserID: member.userId, Firstname: member.firstName, Lastname: member.lastName, Picture: member.picture, Online: isOnline(member.userId),
});

/** docs/product.md §3 message: `readby` are the other members whose read mark has reached it. */
export function toChatMessage(message: MessageRecord, members: readonly MemberRecord[]): ChatMessage {
  return {
    ChatMessageID: message.id, ChatID: message.chatId, UserID: message.userId, Message: message.message, CreatedAt: message.createdAt,
    readby: members.filter((m) => m.userId !== message.userId && m.lastReadMessageId >= message.id).map((m) => m.userId),
  };
}

export function toChatView(chat: ChatRecord, members: readonly MemberRecord[], messages: readonly MessageRecord[], unread: number, isOnline: IsOnline): Chat {
  return {
    ChatID: chat.id,
    Users: members.map((m) => toChatUser(m, isOnline)),
    Messages: messages.map((m) => toChatMessage(m, members)),
    isSupport: chat.isSupport,
    supportUserId: supportUserOf(chat),
    unread,
  };
}
