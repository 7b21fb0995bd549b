import type { Generated } from 'kysely';

/** Chats, their members and messages (migration 0045). */

export interface ChatTable {
  id: Generated<number>;
  event_id: number;
  /** `<low id>:<high id>` or `support:<attendee id>`; unique per event. */
  pair_key: string;
  is_support: Generated<boolean>;
  created_at: string;
  last_message_at: string | null;
}

export interface ChatMemberTable {
  chat_id: number;
  user_id: number;
  last_read_message_id: Generated<number>;
}

export interface ChatMessageTable {
  id: Generated<number>;
  chat_id: number;
  user_id: number;
  message: string;
  created_at: string;
}
