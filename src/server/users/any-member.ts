/**
 * The user id a page the same for every member of an event is read for (docs/http-cache.md): no
 * account has it (ids start at 1), so it has no bookings, likes, own posts or groups. The islands
 * put the viewer's own parts in after hydration.
 */
export const ANY_MEMBER = 0;
