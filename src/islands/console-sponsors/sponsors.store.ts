import type { ConsoleAttendee, ConsoleSponsorList } from '~/contracts/console-sponsors';
import { createRowsStore } from '~/islands/console/rows.store';

/** The sponsors page's store (docs/console.md "Sponsors"): the list, every change to it, and the contact picker's search. */
export const sponsors = createRowsStore<ConsoleSponsorList>('/api/console/sponsors');

/** Attendees whose name or e-mail holds `search`, to pick as contact people. */
export const findAttendees = (search: string) => sponsors.get<ConsoleAttendee[]>(`/attendees?search=${encodeURIComponent(search)}`);
