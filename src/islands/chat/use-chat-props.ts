import { useMemo } from 'react';
import type { Locale } from '~/contracts/event-settings';
import { createT, type Messages } from '~/lib/translate';
import { initChat } from './chat.store';

/** What the page passes to a chat island. */
export interface ChatIslandProps {
  eventId: number;
  userId: number;
  /** The event's IANA zone: chat times are shown in it. */
  timeZone: string;
  locale: Locale;
  /** Section `chat` of the locale (messagesFor). */
  messages: Messages;
  /** Online status is known (presence): the conversation shows it and offers calls. */
  hasPresence: boolean;
}

/** Starts the chat store for the attendee and makes the island's `t`. */
export function useChatIsland({ eventId, userId, messages }: ChatIslandProps) {
  initChat(eventId, userId);
  return useMemo(() => createT(messages), [messages]);
}
