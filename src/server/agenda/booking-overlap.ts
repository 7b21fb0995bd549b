interface Timed {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}

/**
 * The sessions of `booked` that share time with `session` (one ending as the other starts do
 * not), in their order. A booking that overlaps is kept: the attendee is told which session it
 * overlaps, and chooses (docs/agenda.md "Overlapping bookings").
 */
export function overlapping(session: Timed, booked: readonly Timed[]): { id: number; title: string }[] {
  const start = Date.parse(session.startDate);
  const end = Date.parse(session.endDate);
  return booked
    .filter((other) => other.id !== session.id && Date.parse(other.startDate) < end && start < Date.parse(other.endDate))
    .map(({ id, title }) => ({ id, title }));
}
