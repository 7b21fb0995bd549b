import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '~/contracts/chat';
import { groupByDay, isSupportRequest, messageTime, visibleChats, withEarlier, withMessage, withReadMark } from '~/islands/chat/chat-view';

const user = (UserID: number, Firstname: string, Lastname: string) => ({ UserID, Firstname, Lastname, Picture: null, Online: false });
const msg = (id: number, userId: number, at = '2025-06-02T10:00:00.000Z'): ChatMessage => ({ ChatMessageID: id, ChatID: 1, UserID: userId, Message: `m${id}`, CreatedAt: at, readby: [] });
const chat = (ChatID: number, other: ReturnType<typeof user>, messages: ChatMessage[], extra: Partial<Chat> = {}): Chat => ({
  ChatID, Users: [user(1, 'Me', 'Self'), other], Messages: messages, isSupport: false, supportUserId: null, unread: 0, ...extra,
});

describe('chat list rules (docs/product.md §5)', () => {
  const ada = chat(10, user(2, 'Ada', 'Lovelace'), [msg(5, 2)]);
  const bob = chat(11, user(3, 'Bob', 'Builder'), [msg(9, 1)]);
  const empty = chat(12, user(4, 'Cy', 'Empty'), []);
  const support = chat(13, user(5, 'Org', 'Aniser'), [msg(7, 5)], { isSupport: true, supportUserId: 1 });

  it('shows only chats with messages, newest last message first', () => {
    expect(visibleChats([ada, bob, empty, support], 1, '', 'Support team').map((c) => c.ChatID)).toEqual([11, 13, 10]);
  });

  it('searches the other participant\'s full name, any case, and my support chat by its label', () => {
    expect(visibleChats([ada, bob, support], 1, 'LOVE', 'Support team').map((c) => c.ChatID)).toEqual([10]);
    expect(visibleChats([ada, bob, support], 1, 'ada love', 'Support team').map((c) => c.ChatID)).toEqual([10]);
    expect(visibleChats([ada, bob, support], 1, 'support', 'Support team').map((c) => c.ChatID)).toEqual([13]);
  });

  it('marks an attendee\'s support chat as a support request for the organiser who answers it, not for the attendee', () => {
    expect(isSupportRequest(support, 5)).toBe(true);
    expect(isSupportRequest(support, 1)).toBe(false);
    expect(isSupportRequest(ada, 1)).toBe(false);
  });
});

describe('chat updates', () => {
  it('adds a message once, in order', () => {
    const c = chat(1, user(2, 'A', 'B'), [msg(1, 2), msg(3, 2)]);
    const next = withMessage(c, msg(2, 1));
    expect(next.Messages.map((m) => m.ChatMessageID)).toEqual([1, 2, 3]);
    expect(withMessage(next, msg(2, 1))).toBe(next);
  });

  it('puts an earlier page of history before the messages held, each message once', () => {
    const c = chat(1, user(2, 'A', 'B'), [msg(5, 2), msg(6, 1)]);
    const next = withEarlier(c, [msg(3, 1), msg(4, 2), msg(5, 2)]);
    expect(next.Messages.map((m) => m.ChatMessageID)).toEqual([3, 4, 5, 6]);
    expect(withEarlier(next, [msg(3, 1)])).toBe(next);
  });

  it('adds the reader to readby of others\' messages up to the mark (docs/product.md §4)', () => {
    const c = chat(1, user(2, 'A', 'B'), [msg(1, 1), msg(2, 2), msg(3, 1)]);
    const read = withReadMark(c, 2, 1);
    expect(read.Messages.map((m) => m.readby)).toEqual([[2], [], []]);
  });
});

describe('chat dates (event zone, page language)', () => {
  const now = new Date('2025-06-02T12:00:00.000Z');

  it('groups by day in the event zone, headed by the date in the page\'s language', () => {
    const groups = groupByDay([msg(1, 1, '2025-06-01T21:30:00.000Z'), msg(2, 1, '2025-06-01T22:30:00.000Z')], 'Europe/Oslo', 'en');
    expect(groups.map((g) => [g.day, g.heading])).toEqual([['2025-06-01', '1 June 2025'], ['2025-06-02', '2 June 2025']]);
    expect(groupByDay([msg(1, 1)], 'Europe/Oslo', 'nb')[0]!.heading).toBe('2. juni 2025');
  });

  it('shows only the 24-hour time for today and the day with it before', () => {
    expect(messageTime('2025-06-02T08:05:00.000Z', 'Europe/Oslo', 'en', now)).toBe('10:05');
    expect(messageTime('2025-06-02T14:05:00.000Z', 'Europe/Oslo', 'en', now)).toBe('16:05');
    expect(messageTime('2025-05-30T08:05:00.000Z', 'Europe/Oslo', 'en', now)).toBe('30 May, 10:05');
    expect(messageTime('2025-05-30T08:05:00.000Z', 'Europe/Oslo', 'nb', now)).toBe('30. mai, 10:05');
  });
});
