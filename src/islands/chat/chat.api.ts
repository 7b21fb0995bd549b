import type { ChatHistory, ChatList, ChatMessage, ReadResult } from '~/contracts/chat';
import { memberJson } from '~/islands/http/api.client';

/** SPEC §7 GET chat: the attendee's chats with unread counts. */
export const fetchChats = (eventId: number): Promise<ChatList> => memberJson(eventId, 'chat');

/** SPEC §7 POST chat { userId }: the ChatID of the pair's one chat. */
export const createChat = async (eventId: number, userId: number): Promise<number> =>
  (await memberJson<{ data: number }>(eventId, 'chat', { method: 'POST', body: { userId } })).data;

/** POST chat/support: the ChatID of the attendee's support chat. */
export const openSupportChat = async (eventId: number): Promise<number> =>
  (await memberJson<{ data: number }>(eventId, 'chat/support', { method: 'POST' })).data;

/** SPEC §7 POST chat/{chatId} { message }. */
export const sendMessage = async (eventId: number, chatId: number, message: string): Promise<ChatMessage> =>
  (await memberJson<{ data: ChatMessage }>(eventId, `chat/${chatId}`, { method: 'POST', body: { message } })).data;

/** SPEC §7 PUT chat/{chatId}/read. */
export const markChatRead = async (eventId: number, chatId: number): Promise<ReadResult['data']> =>
  (await memberJson<ReadResult>(eventId, `chat/${chatId}/read`, { method: 'PUT' })).data;

/** GET chat/{chatId}?before=: the page of messages before `before`, oldest first. */
export const fetchEarlier = (eventId: number, chatId: number, before: number): Promise<ChatHistory> =>
  memberJson(eventId, `chat/${chatId}?before=${before}`);
