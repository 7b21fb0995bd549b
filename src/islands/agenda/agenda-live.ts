import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';

/**
 * Live seat counts for the agenda. `agenda-change` (docs/product.md §4) carries the changed sessions'
 * seatsLeft, so every open agenda updates without a refetch; a message without seat counts (an
 * organiser's edit) and a reconnect (messages may have been missed) refetch the agenda instead.
 */
export function watchAgendaChanges(handlers: {
  onSeats: (seats: { sessionId: number; seatsLeft: number | null }[]) => void;
  onStale: () => void;
}): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const stopChanges = onRealtime('agenda-change', (data) => {
    if (data.seats && data.seats.length > 0) handlers.onSeats(data.seats);
    else handlers.onStale();
  });
  const stopReconnect = onReconnect(handlers.onStale);
  return () => {
    stopChanges();
    stopReconnect();
  };
}
