import { CHAT_HISTORY_LIMIT, type Chat, type ChatHistory, type ChatList, type ChatMessage } from '~/contracts/chat';
import type { EventInfo } from '~/contracts/event-info';
import type { FeatureFlag, Platform } from '~/contracts/event-settings';
import type { AuthUser } from '~/contracts/login';
import type { RealtimeEventName, RealtimeEvents } from '~/contracts/realtime';
import { DomainError } from '~/server/errors';
import { take, type Limiter } from '~/server/shared/limiter';
import type { ChatRecord, ChatRepository, MemberRecord } from './chat.repository';
import { pairKeyOf, supportKeyOf, toChatMessage, toChatUser, toChatView, type IsOnline } from './chat-view';

/** Sends an event to the sockets of these users only (realtime publishToUsers). */
export type PublishToUsers = <N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N], userIds: readonly number[]) => Promise<void>;

interface Dependencies {
  repository: ChatRepository;
  publish: PublishToUsers;
  /** Messages per attendee (every send attempt counts). */
  limiter: Limiter;
  /** Who is online in the event (presence, across nodes); without it nobody shows online. */
  onlineUserIds?: (eventId: number) => Promise<readonly number[]>;
  clock: () => Date;
}

type Caller = Pick<AuthUser, 'userId' | 'isOrganiser'>;
type ChatEvent = Pick<EventInfo, 'eventId' | 'features'>;

/**
 * docs/product.md §2, §5: where chat is on, per platform (the lobby's and the stage's flags on the digital
 * platform, webAppChat on the web app); support chat has its own flags (docs/product.md §1: stageSupport).
 */
const CHAT_FLAGS: Record<Platform, { chat: FeatureFlag[]; support: FeatureFlag[] }> = {
  digital: { chat: ['stageChatEnabled', 'lobbyChatEnabled', 'lobbyChat'], support: ['stageSupport'] },
  webApp: { chat: ['webAppChat'], support: ['webAppSupport'] },
};

/** Refuses (403) a chat call when the caller's platform has that kind of chat off. */
function requireOn(event: ChatEvent, platform: Platform, kinds: readonly ('chat' | 'support')[]): void {
  if (kinds.some((kind) => CHAT_FLAGS[platform][kind].some((flag) => event.features[flag]))) return;
  throw new DomainError('chat.forbidden', kinds.includes('chat') ? 'Chat is off on this platform' : 'Support chat is not available at this event', { platform });
}

const notFound = (field: string, what: string) => new DomainError('chat.not_found', `No such ${what}`, { field });

/**
 * One-to-one chat and support chat (docs/product.md §3–§5, §7 Chat; docs/chat.md). Membership is checked
 * here on every call: another event's chat is as unknown as a missing one (404), a chat the
 * caller is not a member of is 403. A support chat's members are its attendee and the event's
 * organisers (an organiser becomes a member row on first look or answer). Realtime events
 * go to the chat's members only.
 */
export function createChatService({ repository, publish, limiter, onlineUserIds, clock }: Dependencies) {
  /** Online status as the chat shows it: never for a hidden member (hidden attendees' presence reaches nobody). */
  async function onlineIn(eventId: number, members: readonly MemberRecord[]): Promise<IsOnline> {
    if (!onlineUserIds || members.length === 0) return () => false;
    const online = new Set(await onlineUserIds(eventId));
    const hidden = new Set(members.filter((m) => m.isHidden).map((m) => m.userId));
    return (userId) => online.has(userId) && !hidden.has(userId);
  }

  /** Everyone a chat's events go to: its members, and for support chats every organiser. */
  async function recipientsOf(chat: ChatRecord): Promise<number[]> {
    const members = await repository.memberIds(chat.id);
    if (!chat.isSupport) return members;
    return [...new Set([...members, ...(await repository.organiserIds(chat.eventId))])];
  }

  /** The chat if the caller may read and write it; organisers join support chats on first use. */
  /** A chat the caller may use on this platform: a member, and its kind of chat (support or not) on there. */
  async function usable(event: ChatEvent, user: Caller, chatId: number, platform: Platform): Promise<ChatRecord> {
    const chat = await accessible(event.eventId, user, chatId);
    requireOn(event, platform, [chat.isSupport ? 'support' : 'chat']);
    return chat;
  }

  async function accessible(eventId: number, user: Caller, chatId: number): Promise<ChatRecord> {
    const chat = await repository.findChat(eventId, chatId);
    if (!chat) throw notFound('chatId', 'chat');
    if (await repository.isMember(chat.id, user.userId)) return chat;
    if (chat.isSupport && user.isOrganiser) {
      if (await repository.addMember(chat.id, user.userId)) await announceJoin(chat, user.userId);
      return chat;
    }
    throw new DomainError('chat.forbidden', 'You are not a member of this chat', { field: 'chatId' });
  }

  async function announceJoin(chat: ChatRecord, userId: number): Promise<void> {
    const member = (await repository.membersOf([chat.id])).find((m) => m.userId === userId);
    if (!member) return;
    const user = toChatUser(member, await onlineIn(chat.eventId, [member]));
    await publish(chat.eventId, 'chat-new-user', { chatId: chat.id, userId, user }, await recipientsOf(chat));
  }

  async function viewsOf(eventId: number, userId: number, chats: ChatRecord[]): Promise<Chat[]> {
    const ids = chats.map((c) => c.id);
    const [members, messages, unread] = await Promise.all([
      repository.membersOf(ids), repository.recentMessages(ids, CHAT_HISTORY_LIMIT), repository.unreadCounts(eventId, userId),
    ]);
    const online = await onlineIn(eventId, members);
    return chats.map((chat) => toChatView(
      chat, members.filter((m) => m.chatId === chat.id), messages.filter((m) => m.chatId === chat.id), unread.get(chat.id) ?? 0, online,
    ));
  }

  /** Creates (or finds) the chat of `pairKey` and tells its members when it is new. */
  async function openChat(event: ChatEvent, user: Caller, pairKey: string, isSupport: boolean, memberIds: number[]): Promise<number> {
    const existing = await repository.findChatByKey(event.eventId, pairKey);
    if (existing) return existing.id;
    const { chatId, created } = await repository.createChat(event.eventId, pairKey, isSupport, memberIds, clock().toISOString());
    if (created) {
      const chat = await repository.findChat(event.eventId, chatId);
      if (chat) {
        const [view] = await viewsOf(event.eventId, user.userId, [chat]);
        if (view) await publish(event.eventId, 'chat-new-chat', { chatId, chat: { ...view, unread: 0 } }, await recipientsOf(chat));
      }
    }
    return chatId;
  }

  return {
    /** GET chat: the caller's chats with their newest messages, unread counts and the total. */
    async list(event: ChatEvent, user: Caller, platform: Platform): Promise<ChatList> {
      requireOn(event, platform, ['chat', 'support']);
      if (user.isOrganiser) await repository.joinSupportChats(event.eventId, user.userId);
      const chats = await viewsOf(event.eventId, user.userId, await repository.chatsOf(event.eventId, user.userId));
      return { data: chats, unreadTotal: chats.reduce((sum, chat) => sum + chat.unread, 0) };
    },

    /**
     * POST chat { userId }: the one chat of the caller and that attendee, created when needed.
     * A hidden attendee is as unknown as a missing one (404): hiding means nobody can find you,
     * so nobody can start a chat with you (you can still start one yourself).
     */
    async create(event: ChatEvent, user: Caller, otherId: number, platform: Platform): Promise<number> {
      requireOn(event, platform, ['chat']);
      if (otherId === user.userId) throw new DomainError('chat.invalid', 'userId: you cannot chat with yourself', { field: 'userId' });
      const other = await repository.findUser(event.eventId, otherId);
      if (!other) throw notFound('userId', 'attendee');
      if (other.isHidden) {
        // A chat they took part in before hiding stays; no new one reveals them.
        const existing = await repository.findChatByKey(event.eventId, pairKeyOf(user.userId, otherId));
        if (!existing) throw notFound('userId', 'attendee');
        return existing.id;
      }
      return openChat(event, user, pairKeyOf(user.userId, otherId), false, [user.userId, otherId]);
    },

    /** POST chat/support: the caller's chat with the event's organisers (stageSupport or webAppSupport on). */
    async openSupport(event: ChatEvent, user: Caller, platform: Platform): Promise<number> {
      requireOn(event, platform, ['support']);
      if (user.isOrganiser) throw new DomainError('chat.invalid', 'Organisers answer support chats from their chat list', { field: 'userId' });
      const organisers = await repository.organiserIds(event.eventId);
      return openChat(event, user, supportKeyOf(user.userId), true, [user.userId, ...organisers]);
    },

    /**
     * GET chat/{chatId}: a page of the chat's history for a member, `count` messages before
     * message `before` (the newest without it), oldest first. The chat list carries only the
     * newest CHAT_HISTORY_LIMIT of each chat; this reaches the rest.
     */
    async history(event: ChatEvent, user: Caller, chatId: number, before: number | undefined, count: number, platform: Platform): Promise<ChatHistory> {
      const chat = await usable(event, user, chatId, platform);
      const [page, members] = await Promise.all([
        repository.messagesBefore(chat.id, before ?? null, count + 1), repository.membersOf([chat.id]),
      ]);
      const shown = page.slice(0, count).reverse();
      return { data: shown.map((m) => toChatMessage(m, members)), hasEarlier: page.length > count };
    },

    /** POST chat/{chatId} { message }: stores it and sends it to the chat's members. */
    async send(event: ChatEvent, user: Caller, chatId: number, text: string, platform: Platform): Promise<ChatMessage> {
      requireOn(event, platform, ['chat', 'support']);
      const key = `${event.eventId}:${user.userId}`;
      const retryAfter = await take(limiter, key);
      if (retryAfter > 0) throw new DomainError('chat.rate_limited', 'Too many messages; try again shortly', { retryAfter });
      const chat = await usable(event, user, chatId, platform);
      const stored = await repository.insertMessage(chat.id, user.userId, text, clock().toISOString());
      const members = await repository.membersOf([chat.id]);
      const message = toChatMessage(stored, members);
      await publish(event.eventId, 'chat-new-message', { chatId: chat.id, messageId: stored.id, message }, await recipientsOf(chat));
      return message;
    },

    /** PUT chat/{chatId}/read: every message so far is read by the caller; members see it. */
    async markRead(event: ChatEvent, user: Caller, chatId: number, platform: Platform): Promise<{ chatId: number; lastReadMessageId: number; unreadTotal: number }> {
      const chat = await usable(event, user, chatId, platform);
      const lastReadMessageId = await repository.markRead(chat.id, user.userId);
      await publish(event.eventId, 'chat-change', { chatId: chat.id, userId: user.userId, lastReadMessageId }, await recipientsOf(chat));
      const unread = await repository.unreadCounts(event.eventId, user.userId);
      return { chatId: chat.id, lastReadMessageId, unreadTotal: [...unread.values()].reduce((a, b) => a + b, 0) };
    },

  };
}

export type ChatService = ReturnType<typeof createChatService>;
