import type { MemberAgendaInfo, MemberSession } from '~/contracts/agenda';

/** The agenda tab's filters (docs/product.md §2): my agenda, search, category and a date range. */
export interface AgendaFilters {
  isMine: boolean;
  search: string;
  categoryId: number | null;
  /** Day keys YYYY-MM-DD in the event's zone; empty when unset. */
  from: string;
  to: string;
}

export const NO_FILTERS: AgendaFilters = { isMine: false, search: '', categoryId: null, from: '', to: '' };

export interface AgendaSlot {
  time: string;
  sessions: MemberSession[];
}

export interface AgendaDayView {
  day: string;
  slots: AgendaSlot[];
}

/**
 * docs/product.md §2/§5 date rules: "to" stays disabled until "from" is set; "from" may not pass "to"
 * (choosing a later "from" moves "to" along); clearing "from" clears "to".
 */
export function withDateFrom(filters: AgendaFilters, from: string): AgendaFilters {
  if (!from) return { ...filters, from: '', to: '' };
  return { ...filters, from, to: filters.to && filters.to < from ? from : filters.to };
}

export function withDateTo(filters: AgendaFilters, to: string): AgendaFilters {
  if (!filters.from) return filters;
  return { ...filters, to: to && to < filters.from ? filters.from : to };
}

function matches(session: MemberSession, needle: string): boolean {
  const texts = [session.title, session.subtitle, session.keywords, ...session.speakers.map((s) => `${s.name} ${s.lastName}`)];
  return texts.some((text) => text?.toLowerCase().includes(needle));
}

/**
 * The days and time slots left after the filters. docs/product.md §5: the date range applies only when
 * both ends are set; search text is trimmed and case-insensitive.
 */
export function filterAgenda(info: MemberAgendaInfo, filters: AgendaFilters): AgendaDayView[] {
  const needle = filters.search.trim().toLowerCase();
  const hasRange = filters.from !== '' && filters.to !== '';
  const days: AgendaDayView[] = [];
  for (const [day, slots] of Object.entries(info.agenda)) {
    if (hasRange && (day < filters.from || day > filters.to)) continue;
    const kept: AgendaSlot[] = [];
    for (const [time, sessions] of Object.entries(slots)) {
      const shown = sessions.filter((s) =>
        (!filters.isMine || s.isBooked)
        && (!needle || matches(s, needle))
        && (filters.categoryId === null || s.categories.some((c) => c.id === filters.categoryId)));
      if (shown.length > 0) kept.push({ time, sessions: shown });
    }
    if (kept.length > 0) days.push({ day, slots: kept });
  }
  return days;
}

/** docs/product.md §4: locked when the session ended, or when it is full and the user has no seat. */
export function isLocked(session: MemberSession, now: number): boolean {
  if (Date.parse(session.endDate) <= now) return true;
  return session.seatsLeft === 0 && !session.isBooked;
}

/** On now: started and not yet ended (the stage agenda's "Live now" badge, as the lobby's programme shows it). */
export const isOnNow = (session: Pick<MemberSession, 'startDate' | 'endDate'>, now: number): boolean =>
  Date.parse(session.startDate) <= now && now < Date.parse(session.endDate);

/** docs/product.md §3: a seat limit above 0 means booking (and cancelling) asks for confirmation first. */
export const needsConfirmation = (session: MemberSession): boolean => session.myAgendaSize > 0;

/** Applies `agenda-change` seat counts to the loaded agenda without a refetch. */
export function withSeats(info: MemberAgendaInfo, seats: readonly { sessionId: number; seatsLeft: number | null }[]): MemberAgendaInfo {
  const bySession = new Map(seats.map((s) => [s.sessionId, s.seatsLeft]));
  return withSessions(info, (s) => (bySession.has(s.id) ? { ...s, seatsLeft: bySession.get(s.id) ?? null } : s));
}

/** The same agenda with one session's booking state replaced. */
export function withBooking(info: MemberAgendaInfo, sessionId: number, isBooked: boolean, seatsLeft: number | null, userId: number): MemberAgendaInfo {
  return withSessions(info, (s) => (s.id === sessionId ? { ...s, isBooked, seatsLeft, userIds: isBooked ? [userId] : [] } : s));
}

/** The agenda read for anyone (a kept page) with the viewer's own bookings put in: `bookedIds` is every session they booked. */
export function withOwnBookings(info: MemberAgendaInfo, bookedIds: ReadonlySet<number>, userId: number): MemberAgendaInfo {
  return withSessions(info, (s) => {
    const isBooked = bookedIds.has(s.id);
    return { ...s, isBooked, userIds: isBooked ? [userId] : [] };
  });
}

function withSessions(info: MemberAgendaInfo, change: (s: MemberSession) => MemberSession): MemberAgendaInfo {
  const agenda: MemberAgendaInfo['agenda'] = {};
  for (const [day, slots] of Object.entries(info.agenda)) {
    agenda[day] = Object.fromEntries(Object.entries(slots).map(([time, sessions]) => [time, sessions.map(change)]));
  }
  return { ...info, agenda };
}

/** Every session of the agenda in order. */
export const allSessions = (info: MemberAgendaInfo): MemberSession[] =>
  Object.values(info.agenda).flatMap((slots) => Object.values(slots).flat());
