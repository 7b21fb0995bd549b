/**
 * Live seat counts for the agenda. The `agenda-change` realtime event (SPEC §4) carries the
 * changed sessions' seatsLeft; the realtime client store is wired in here when it lands on main.
 * Until then, and as a safety net after a missed message, the agenda refetches whenever the page
 * becomes visible or focused again.
 */
export function watchAgendaChanges(handlers: {
  onSeats: (seats: { sessionId: number; seatsLeft: number | null }[]) => void;
  onStale: () => void;
}): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const refetch = () => {
    if (document.visibilityState === 'visible') handlers.onStale();
  };
  window.addEventListener('focus', refetch);
  document.addEventListener('visibilitychange', refetch);
  return () => {
    window.removeEventListener('focus', refetch);
    document.removeEventListener('visibilitychange', refetch);
  };
}
