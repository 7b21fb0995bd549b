/**
 * How long after the server read the timeline's first view (TimelineFirstView.readAt) the island
 * trusts it once its socket has joined the event. Realtime events are not replayed, so a view read
 * longer ago is read again: a saved offline copy, or a slow arrival. The two clocks are the
 * server's and the browser's: a browser clock running ahead costs that one call (the
 * fetch an arrival without a first view makes); one running behind may leave a post published in the gap unseen until the
 * next reconnect, the same race as a first fetch sent while the socket connects.
 */
export const FIRST_VIEW_TRUSTED_MS = 5000;

export const isFirstViewStale = (readAt: number, now: number): boolean => now - readAt > FIRST_VIEW_TRUSTED_MS;
