import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * Chats the person took part in and the messages they wrote (docs/privacy.md). Erasing
 * keeps the messages, like timeline posts: the other member's conversation stays readable, and
 * its author becomes the anonymised account ("Deleted attendee"), so nothing names the person.
 */
export function createChatPersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'chat',
    async export({ eventId, userId }) {
      const [chats, messages] = await Promise.all([
        kysely.selectFrom('chat_members as me').innerJoin('chats as c', 'c.id', 'me.chat_id')
          .select(['c.id', 'c.is_support', 'c.created_at', 'me.last_read_message_id'])
          .where('c.event_id', '=', eventId).where('me.user_id', '=', userId).orderBy('c.id').execute(),
        kysely.selectFrom('chat_messages as m').innerJoin('chats as c', 'c.id', 'm.chat_id')
          .select(['m.id', 'm.chat_id', 'm.message', 'm.created_at'])
          .where('c.event_id', '=', eventId).where('m.user_id', '=', userId).orderBy('m.id').execute(),
      ]);
      return {
        chats: chats.map((c) => ({ chatId: c.id, isSupport: c.is_support, createdAt: c.created_at, lastReadMessageId: c.last_read_message_id })),
        messages: messages.map((m) => ({ id: m.id, chatId: m.chat_id, message: m.message, createdAt: m.created_at })),
      };
    },
    async erase() {
      // Kept on purpose; see above.
    },
  };
}
