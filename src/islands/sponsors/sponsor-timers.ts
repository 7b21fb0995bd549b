/** docs/product.md §9: the message-sent indicator shows for 4.5 s. */
export const SENT_INDICATOR_MS = 4500;
/** docs/product.md §9: the meeting-room clock refreshes every 60 s. */
export const ROOM_CLOCK_MS = 60_000;
