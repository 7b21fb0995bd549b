import { useMemo } from 'react';
import type { Locale } from '~/contracts/event-settings';
import { createT, type Messages } from '~/lib/translate';
import { initChat } from './chat.store';
import { useViewer } from '~/islands/viewer/use-viewer';

/** What the page passes to a chat island. */
export interface ChatIslandProps {
  eventId: number;
  /** The event's IANA zone: chat times are shown in it. */
  timeZone: string;
  locale: Locale;
  /** Section `chat` of the locale (messagesFor). */
  messages: Messages;
  /** Online status is known (presence): the conversation shows it and offers calls. */
  hasPresence: boolean;
}

/** Starts the chat store for the attendee and makes the island's `t`; `me` is the viewer's id (0 until it is known). */
export function useChatIsland({ eventId, messages }: ChatIslandProps) {
  initChat(eventId);
  const me = useViewer(eventId)?.userId ?? 0;
  return { t: useMemo(() => createT(messages), [messages]), me };
}
