import { createRealtimeClient } from './realtime-client';

/**
 * The page's realtime connection (browser only; never imports src/server). Islands listen by
 * event name: `useEffect(() => onRealtime('poll-change', refetch), [])`. The socket opens on
 * the first listener; see docs/realtime.md for the events and their payloads.
 */
const client = createRealtimeClient({ url: () => `${location.origin.replace(/^http/, 'ws')}/realtime` });

export const $realtimeStatus = client.$status;
export const onRealtime = client.on;
export const onReconnect = client.onReconnect;
export const closeRealtime = client.close;
export const onSessionEnded = client.onSessionEnded;
