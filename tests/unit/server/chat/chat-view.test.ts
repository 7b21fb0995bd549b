import { describe, expect, it } from 'vitest';
import { pairKeyOf, supportKeyOf, supportUserOf, toChatMessage, toChatView } from '~/server/chat/chat-view';

const member = (userId: number, lastReadMessageId: number) => ({ chatId: 1, userId, lastReadMessageId, isHidden: false, firstName: `F${userId}`, lastName: `L${userId}`, picture: null });
const message = (id: number, userId: number) => ({ id, chatId: 1, userId, message: `m${id}`, createdAt: '2025-06-02T10:00:00.000Z' });

describe('chat view', () => {
  it('names a pair the same whichever member asks', () => {
    expect(pairKeyOf(7, 3)).toBe('3:7');
    expect(pairKeyOf(3, 7)).toBe('3:7');
  });

  it('knows the attendee of a support chat from its key', () => {
    expect(supportUserOf({ pairKey: supportKeyOf(42), isSupport: true })).toBe(42);
    expect(supportUserOf({ pairKey: '3:7', isSupport: false })).toBeNull();
  });

  it('marks a message read by the other members whose read mark reached it, never by its author', () => {
    const members = [member(1, 10), member(2, 5), member(3, 0)];
    expect(toChatMessage(message(5, 1), members).readby).toEqual([2]);
    expect(toChatMessage(message(6, 2), members).readby).toEqual([1]);
    expect(toChatMessage(message(11, 3), members).readby).toEqual([]);
  });

  it('shows members with their online state', () => {
    const view = toChatView({ id: 1, eventId: 1, pairKey: '1:2', isSupport: false }, [member(1, 0), member(2, 0)], [message(1, 1)], 1, (id) => id === 2);
    expect(view.Users.map((u) => [u.UserID, u.Online])).toEqual([[1, false], [2, true]]);
    expect(view).toMatchObject({ ChatID: 1, unread: 1, isSupport: false, supportUserId: null });
  });
});
