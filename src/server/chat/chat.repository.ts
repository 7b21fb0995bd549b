import { sql } from 'kysely';
import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';

export interface ChatRecord {
  id: number;
  eventId: number;
  pairKey: string;
  isSupport: boolean;
}

export interface MemberRecord {
  chatId: number;
  userId: number;
  lastReadMessageId: number;
  /** Hidden attendees show no online status. */
  isHidden: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export interface MessageRecord {
  id: number;
  chatId: number;
  userId: number;
  message: string;
  createdAt: string;
}

export interface UserRecord {
  id: number;
  isHidden: boolean;
  isOrganiser: boolean;
}

/** Chats, members and messages (migration 0045); every read is scoped to one event. */
export function createChatRepository({ kysely }: Db) {
  const toChat = (row: { id: number; event_id: number; pair_key: string; is_support: boolean }): ChatRecord => ({
    id: row.id, eventId: row.event_id, pairKey: row.pair_key, isSupport: row.is_support,
  });

  // GET chat (the chat list) runs on every chat screen's load and refetch: built once (see prepareQuery).
  type Member = { eventId: number; userId: number };
  const chatsOfUser = prepareQuery(kysely, (p: Member) => kysely.selectFrom('chats').innerJoin('chat_members', 'chat_members.chat_id', 'chats.id')
    .select(['chats.id', 'chats.event_id', 'chats.pair_key', 'chats.is_support'])
    .where('chats.event_id', '=', p.eventId).where('chat_members.user_id', '=', p.userId)
    .orderBy('chats.id'));
  const unreadOf = prepareQuery(kysely, (p: Member) => kysely.selectFrom('chat_messages')
    .innerJoin('chat_members', (join) => join.onRef('chat_members.chat_id', '=', 'chat_messages.chat_id').on('chat_members.user_id', '=', p.userId))
    .innerJoin('chats', 'chats.id', 'chat_messages.chat_id')
    .select(['chat_messages.chat_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('chats.event_id', '=', p.eventId).where('chat_messages.user_id', '!=', p.userId)
    .whereRef('chat_messages.id', '>', 'chat_members.last_read_message_id')
    .groupBy('chat_messages.chat_id'));
  const membersOfChats = prepareQuery(kysely, (p: { chatIds: number[] }) => kysely.selectFrom('chat_members')
    .innerJoin('users', 'users.id', 'chat_members.user_id')
    .select(['chat_members.chat_id', 'chat_members.user_id', 'chat_members.last_read_message_id', 'users.is_hidden', 'users.first_name', 'users.last_name', 'users.picture'])
    .where('chat_members.chat_id', 'in', p.chatIds).orderBy('chat_members.user_id'), ['chatIds']);
  const recentOf = prepareQuery(kysely, (p: { chatIds: number[]; limit: number }) => {
    const ranked = kysely.selectFrom('chat_messages')
      .select(['id', 'chat_id', 'user_id', 'message', 'created_at', sql<number>`row_number() over (partition by chat_id order by id desc)`.as('rank')])
      .where('chat_id', 'in', p.chatIds).as('ranked');
    return kysely.selectFrom(ranked).select(['id', 'chat_id', 'user_id', 'message', 'created_at']).where('rank', '<=', p.limit).orderBy('id');
  }, ['chatIds']);

  return {
    async findChat(eventId: number, chatId: number): Promise<ChatRecord | undefined> {
      const row = await kysely.selectFrom('chats').select(['id', 'event_id', 'pair_key', 'is_support'])
        .where('event_id', '=', eventId).where('id', '=', chatId).executeTakeFirst();
      return row && toChat(row);
    },

    async findChatByKey(eventId: number, pairKey: string): Promise<ChatRecord | undefined> {
      const row = await kysely.selectFrom('chats').select(['id', 'event_id', 'pair_key', 'is_support'])
        .where('event_id', '=', eventId).where('pair_key', '=', pairKey).executeTakeFirst();
      return row && toChat(row);
    },

    async findUser(eventId: number, userId: number): Promise<UserRecord | undefined> {
      const row = await kysely.selectFrom('users').select(['id', 'is_hidden', 'is_organiser'])
        .where('event_id', '=', eventId).where('id', '=', userId).executeTakeFirst();
      return row && { id: row.id, isHidden: row.is_hidden, isOrganiser: row.is_organiser };
    },

    async organiserIds(eventId: number): Promise<number[]> {
      const rows = await kysely.selectFrom('users').select('id').where('event_id', '=', eventId).where('is_organiser', '=', true).execute();
      return rows.map((r) => r.id);
    },

    async memberIds(chatId: number): Promise<number[]> {
      const rows = await kysely.selectFrom('chat_members').select('user_id').where('chat_id', '=', chatId).execute();
      return rows.map((r) => r.user_id);
    },

    async isMember(chatId: number, userId: number): Promise<boolean> {
      const row = await kysely.selectFrom('chat_members').select('user_id')
        .where('chat_id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The chat of `pairKey`, created with `memberIds` unless it exists. The unique
     * (event_id, pair_key) decides races: the loser inserts nothing and reads the winner's row.
     */
    async createChat(eventId: number, pairKey: string, isSupport: boolean, memberIds: number[], at: string): Promise<{ chatId: number; created: boolean }> {
      return kysely.transaction().execute(async (trx) => {
        const inserted = await trx.insertInto('chats')
          .values({ event_id: eventId, pair_key: pairKey, is_support: isSupport, created_at: at })
          .onConflict((oc) => oc.columns(['event_id', 'pair_key']).doNothing())
          .returning('id').executeTakeFirst();
        const chatId = inserted ? inserted.id : (await trx.selectFrom('chats').select('id')
          .where('event_id', '=', eventId).where('pair_key', '=', pairKey).executeTakeFirstOrThrow()).id;
        if (inserted && memberIds.length > 0) {
          await trx.insertInto('chat_members').values(memberIds.map((userId) => ({ chat_id: chatId, user_id: userId })))
            .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing()).execute();
        }
        return { chatId, created: inserted !== undefined };
      });
    },

    /** Adds a member; true when they were not one before. */
    async addMember(chatId: number, userId: number): Promise<boolean> {
      const result = await kysely.insertInto('chat_members').values({ chat_id: chatId, user_id: userId })
        .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Makes an organiser a member of every support chat of the event they are not in yet. */
    async joinSupportChats(eventId: number, userId: number): Promise<void> {
      await kysely.insertInto('chat_members').columns(['chat_id', 'user_id'])
        .expression((eb) => eb.selectFrom('chats').select(['id', sql<number>`${userId}`.as('user_id')])
          .where('event_id', '=', eventId).where('is_support', '=', true))
        .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing()).execute();
    },

    /** Stores a message; the author has read their own chat up to it. */
    async insertMessage(chatId: number, userId: number, message: string, at: string): Promise<MessageRecord> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.insertInto('chat_messages').values({ chat_id: chatId, user_id: userId, message, created_at: at })
          .returning('id').executeTakeFirstOrThrow();
        const id = row.id;
        await trx.updateTable('chats').set({ last_message_at: at }).where('id', '=', chatId).execute();
        await trx.updateTable('chat_members').set({ last_read_message_id: id }).where('chat_id', '=', chatId).where('user_id', '=', userId).execute();
        return { id, chatId, userId, message, createdAt: at };
      });
    },

    /** Moves the member's read mark to the chat's newest message; answers the mark. */
    async markRead(chatId: number, userId: number): Promise<number> {
      const newest = await kysely.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id'))
        .where('chat_id', '=', chatId).executeTakeFirst();
      const last = newest?.id ?? 0;
      await kysely.updateTable('chat_members').set({ last_read_message_id: last })
        .where('chat_id', '=', chatId).where('user_id', '=', userId).where('last_read_message_id', '<', last).execute();
      return last;
    },

    async chatsOf(eventId: number, userId: number): Promise<ChatRecord[]> {
      const rows = await chatsOfUser.all({ eventId, userId });
      return rows.map(toChat);
    },

    async membersOf(chatIds: number[]): Promise<MemberRecord[]> {
      if (chatIds.length === 0) return [];
      const rows = await membersOfChats.all({ chatIds });
      return rows.map((r) => ({
        chatId: r.chat_id, userId: r.user_id, lastReadMessageId: r.last_read_message_id, isHidden: r.is_hidden,
        firstName: r.first_name, lastName: r.last_name, picture: r.picture,
      }));
    },

    /** The newest `limit` messages of each chat, oldest first. */
    async recentMessages(chatIds: number[], limit: number): Promise<MessageRecord[]> {
      if (chatIds.length === 0) return [];
      const rows = await recentOf.all({ chatIds, limit });
      return rows.map((r) => ({ id: r.id, chatId: r.chat_id, userId: r.user_id, message: r.message, createdAt: r.created_at }));
    },

    /** Up to `limit` messages of one chat older than message `beforeId` (all when null), newest of them first. */
    async messagesBefore(chatId: number, beforeId: number | null, limit: number): Promise<MessageRecord[]> {
      let query = kysely.selectFrom('chat_messages').select(['id', 'chat_id', 'user_id', 'message', 'created_at'])
        .where('chat_id', '=', chatId);
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ id: r.id, chatId: r.chat_id, userId: r.user_id, message: r.message, createdAt: r.created_at }));
    },

    /** Per chat of the user: messages of others after the user's read mark. */
    async unreadCounts(eventId: number, userId: number): Promise<Map<number, number>> {
      const rows = await unreadOf.all({ eventId, userId });
      return new Map(rows.map((r) => [r.chat_id, r.unread]));
    },

  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
