import { atom, computed } from 'nanostores';
import { CHAT_HISTORY_LIMIT, type Chat, type ChatHistory, type ChatList, type ChatMessage, type ReadResult } from '~/contracts/chat';
import { $onlineLoaded, $onlineUserIds, followOnline } from '~/islands/participants/online.store';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { loadViewer } from '~/islands/viewer/viewer.store';
import { counterpartOf, unreadTotal, withEarlier, withMessage, withReadMark } from './chat-view';
import { memberJson, newIdempotencyKey } from '~/islands/http/api.client';

/** docs/product.md §7 GET chat: the attendee's chats with unread counts. */
const fetchChats = (eventId: number): Promise<ChatList> => memberJson(eventId, 'chat');

/** docs/product.md §7 POST chat { userId }: the ChatID of the pair's one chat. */
const createChat = async (eventId: number, userId: number): Promise<number> =>
  (await memberJson<{ data: number }>(eventId, 'chat', { method: 'POST', body: { userId } })).data;

/** POST chat/support: the ChatID of the attendee's support chat. */
const openSupportChat = async (eventId: number): Promise<number> =>
  (await memberJson<{ data: number }>(eventId, 'chat/support', { method: 'POST' })).data;

/** docs/product.md §7 POST chat/{chatId} { message }. */
const sendMessage = async (eventId: number, chatId: number, message: string): Promise<ChatMessage> =>
  (await memberJson<{ data: ChatMessage }>(eventId, `chat/${chatId}`, { method: 'POST', body: { message }, idempotencyKey: newIdempotencyKey() })).data;

/** docs/product.md §7 PUT chat/{chatId}/read. */
const markChatRead = async (eventId: number, chatId: number): Promise<ReadResult['data']> =>
  (await memberJson<ReadResult>(eventId, `chat/${chatId}/read`, { method: 'PUT' })).data;

/** GET chat/{chatId}?before=: the page of messages before `before`, oldest first. */
const fetchEarlier = (eventId: number, chatId: number, before: number): Promise<ChatHistory> =>
  memberJson(eventId, `chat/${chatId}?before=${before}`);

/**
 * The attendee's chats for the whole page: the navbar icon, the chat modal and the stage chat
 * tab read these stores. Realtime chat events (sent to this attendee's sockets only) update
 * them in place; a reconnect refetches.
 */

/** docs/product.md §2 chat modes: list, new chat, conversation, outgoing call, call ended; 'Call not sent' is its own modal. */
export type ChatScreen =
  | { mode: 'list' }
  | { mode: 'new' }
  | { mode: 'conversation'; chatId: number }
  | { mode: 'calling'; chatId: number }
  | { mode: 'ended'; chatId: number };

export const $chats = atom<Chat[]>([]);
export const $chatsState = atom<'loading' | 'loaded' | 'failed'>('loading');
export const $screen = atom<ChatScreen>({ mode: 'list' });
/** The chat screens are on screen (the modal open, or the stage chat tab shown). */
export const $chatVisible = atom(false);
/** The 'Call not sent' modal (docs/product.md §2, §8). */
export const $callNotSent = atom(false);
/** A stage chat tab is on the page: it, not the modal, answers open-chat. */
export const $hasChatPanel = atom(false);
export const $unread = computed($chats, unreadTotal);
/** Per chat, whether older messages than those held can be loaded (absent: judged by the count the list gave). */
export type EarlierState = 'more' | 'none' | 'loading' | 'failed';
export const $earlier = atom<Record<number, EarlierState>>({});
/**
 * The chats as the screens show them: members' Online follows presence (the shared online store,
 * fed by online-users-change deltas) once it has loaded; before that, what GET chat said.
 */
export const $chatsLive = computed([$chats, $onlineUserIds, $onlineLoaded], (chats, online, loaded) => (loaded
  ? chats.map((chat) => ({ ...chat, Users: chat.Users.map((u) => (u.Online === online.has(u.UserID) ? u : { ...u, Online: online.has(u.UserID) })) }))
  : chats));

/** What islands read from the computed chat stores while they hydrate: the server renders no chats (AS_SERVER_RENDERED holds for the atoms). */
export const NO_CHATS_YET = { ssr: (): Chat[] => NO_CHATS } as const;
export const NONE_UNREAD_YET = { ssr: (): number => 0 } as const;
const NO_CHATS: Chat[] = [];

let eventId: number | undefined;
/** The viewer's id, once their profile call answered (pages carry nobody's id); no account has 0. */
let me = 0;

const setChat = (chatId: number, change: (chat: Chat) => Chat) =>
  $chats.set($chats.get().map((chat) => (chat.ChatID === chatId ? change(chat) : chat)));

const openChatId = (): number | undefined => {
  const screen = $screen.get();
  return $chatVisible.get() && screen.mode === 'conversation' ? screen.chatId : undefined;
};

export async function refreshChats(): Promise<void> {
  if (eventId === undefined) return;
  try {
    const list = await fetchChats(eventId);
    $chats.set(list.data);
    $earlier.set({});
    $chatsState.set('loaded');
    const open = openChatId();
    if (open !== undefined) void readChat(open);
  } catch {
    if ($chatsState.get() !== 'loaded') $chatsState.set('failed');
  }
}

function onMessage(message: ChatMessage): void {
  const known = $chats.get().some((chat) => chat.ChatID === message.ChatID);
  if (!known) return void refreshChats();
  const isOthers = message.UserID !== me;
  setChat(message.ChatID, (chat) => {
    const next = withMessage(chat, message);
    return isOthers && next !== chat ? { ...next, unread: next.unread + 1 } : next;
  });
  if (isOthers && openChatId() === message.ChatID) void readChat(message.ChatID);
}

/** Binds the stores to the attendee and starts the live updates once (browser only); the chats are read once the viewer is known. */
export function initChat(forEvent: number): void {
  if (eventId !== undefined || typeof window === 'undefined') return;
  eventId = forEvent;
  onRealtime('chat-new-message', (data) => (data.message ? onMessage(data.message) : void refreshChats()));
  onRealtime('chat-new-chat', (data) => {
    if ($chats.get().some((chat) => chat.ChatID === data.chatId)) return;
    if (data.chat) $chats.set([...$chats.get(), data.chat]);
    else void refreshChats();
  });
  onRealtime('chat-change', ({ chatId, userId: reader, lastReadMessageId }) => {
    if (chatId === undefined || reader === undefined || lastReadMessageId === undefined) return void refreshChats();
    setChat(chatId, (chat) => ({ ...withReadMark(chat, reader, lastReadMessageId), unread: reader === me ? 0 : chat.unread }));
  });
  onRealtime('chat-new-user', ({ chatId, user }) => {
    if (chatId === undefined || !user) return void refreshChats();
    setChat(chatId, (chat) => (chat.Users.some((u) => u.UserID === user.UserID) ? chat : { ...chat, Users: [...chat.Users, user] }));
  });
  followOnline(forEvent);
  onReconnect(() => void refreshChats());
  void loadViewer(forEvent).then((viewer) => {
    if (viewer) me = viewer.userId;
    return refreshChats();
  });
}

/** Marks a chat read here at once and on the server (docs/product.md §4: opening a chat marks it read). */
export async function readChat(chatId: number): Promise<void> {
  if (eventId === undefined) return;
  const chat = $chats.get().find((c) => c.ChatID === chatId);
  if (!chat || (chat.unread === 0 && chat.Messages.every((m) => m.UserID === me || m.readby.includes(me)))) return;
  setChat(chatId, (c) => ({ ...withReadMark(c, me, c.Messages.at(-1)?.ChatMessageID ?? 0), unread: 0 }));
  await markChatRead(eventId, chatId).catch(() => undefined);
}

/** docs/product.md §4: opening a chat selects it, marks it read and clears the call flags. */
export function selectChat(chatId: number): void {
  $callNotSent.set(false);
  $screen.set({ mode: 'conversation', chatId });
  if ($chatVisible.get()) void readChat(chatId);
}

export const showScreen = (screen: ChatScreen): void => $screen.set(screen);

/** The chat screens came into view or left it; an open conversation is read once seen. */
export function setChatVisible(visible: boolean): void {
  $chatVisible.set(visible);
  const screen = $screen.get();
  if (visible && screen.mode === 'conversation') void readChat(screen.chatId);
}

/** Makes sure the store knows `chatId` (a fresh chat may not be listed yet). */
async function ensureKnown(chatId: number): Promise<void> {
  if (!$chats.get().some((chat) => chat.ChatID === chatId)) await refreshChats();
}

/** docs/product.md §4: the existing chat with that attendee, otherwise a new one; then opens it. */
export async function openChatWith(userId: number): Promise<boolean> {
  if (eventId === undefined || userId === me) return false;
  const existing = $chats.get().find((chat) => !chat.isSupport && counterpartOf(chat, me)?.UserID === userId);
  try {
    const chatId = existing?.ChatID ?? (await createChat(eventId, userId));
    await ensureKnown(chatId);
    selectChat(chatId);
    return true;
  } catch {
    return false;
  }
}

/** The attendee's support chat with the organisers (stageSupport). */
export async function openSupport(): Promise<boolean> {
  if (eventId === undefined) return false;
  try {
    const chatId = await openSupportChat(eventId);
    await ensureKnown(chatId);
    selectChat(chatId);
    return true;
  } catch {
    return false;
  }
}

/** Whether the conversation can offer earlier messages: the list holds only the newest CHAT_HISTORY_LIMIT. */
export const earlierState = (chat: Chat, states: Record<number, EarlierState>): EarlierState =>
  states[chat.ChatID] ?? (chat.Messages.length >= CHAT_HISTORY_LIMIT ? 'more' : 'none');

/** Loads the page of messages before the oldest one held and merges it in. */
export async function loadEarlier(chatId: number): Promise<void> {
  const oldest = $chats.get().find((chat) => chat.ChatID === chatId)?.Messages[0]?.ChatMessageID;
  if (eventId === undefined || oldest === undefined) return;
  const mark = (state: EarlierState) => $earlier.set({ ...$earlier.get(), [chatId]: state });
  mark('loading');
  try {
    const page = await fetchEarlier(eventId, chatId, oldest);
    setChat(chatId, (chat) => withEarlier(chat, page.data));
    mark(page.hasEarlier ? 'more' : 'none');
  } catch {
    mark('failed');
  }
}

/** Sends a message; true when stored (it shows at once, the echo from the server is ignored). */
export async function send(chatId: number, text: string): Promise<boolean> {
  if (eventId === undefined || !text.trim()) return false;
  try {
    const message = await sendMessage(eventId, chatId, text);
    setChat(chatId, (chat) => withMessage(chat, message));
    return true;
  } catch {
    return false;
  }
}

/** Starting a call: someone offline gets 'Call not sent' (docs/product.md §2); otherwise the call screen. */
export function startCall(chatId: number, isOnline: boolean): void {
  if (!isOnline) return $callNotSent.set(true);
  $screen.set({ mode: 'calling', chatId });
}
