import { useEffect } from 'react';
import { readOwnBookings } from './agenda.store';

/**
 * Renders nothing: on a page whose agenda and My program were read for anyone (the kept /webapp),
 * reads the viewer's bookings once the page has loaded (client:afterload), whether or not a tab
 * that shows them is opened, so the offline copy has them (docs/offline.md).
 */
export default function OwnBookingsReader({ eventId }: { eventId: number }) {
  useEffect(() => {
    readOwnBookings(eventId).catch(() => undefined);
  }, [eventId]);
  return null;
}
