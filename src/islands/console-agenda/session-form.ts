import type { ConsoleAgendaSession, SessionInput } from '~/contracts/console-agenda';
import { dayKey } from '~/lib/dates';

/** The session form as the organiser types it: text inputs hold text, "none" is empty. */
export interface SessionFormState {
  title: string;
  description: string;
  start: string;
  end: string;
  trackId: string;
  categoryIds: number[];
  liveUrl: string;
  seatLimit: string;
  speakerIds: number[];
}

/** The fields in the order the form shows them: the first refused one gets the focus. */
export const FORM_FIELDS = ['title', 'description', 'start', 'end', 'trackId', 'categoryIds', 'liveUrl', 'seatLimit', 'speakerIds'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The form of a session being changed, or of a new one (starting `firstDay` at 09:00 for an hour). */
export function formOf(session: ConsoleAgendaSession | undefined, firstDay: string): SessionFormState {
  if (!session) {
    return { title: '', description: '', start: `${firstDay}T09:00`, end: `${firstDay}T10:00`, trackId: '', categoryIds: [], liveUrl: '', seatLimit: '', speakerIds: [] };
  }
  return {
    title: session.title, description: session.description ?? '', start: session.start, end: session.end, trackId: session.trackId === null ? '' : String(session.trackId),
    categoryIds: session.categoryIds, liveUrl: session.liveUrl ?? '', seatLimit: session.seatLimit === null ? '' : String(session.seatLimit), speakerIds: session.speakerIds,
  };
}

/** What the form sends: an empty room, stream or seat limit is none. */
export function inputOf(form: SessionFormState, confirmBooked: boolean): SessionInput {
  const seats = form.seatLimit.trim();
  return {
    title: form.title, description: form.description.trim() === '' ? null : form.description, start: form.start, end: form.end,
    trackId: form.trackId === '' ? null : Number(form.trackId), categoryIds: form.categoryIds, liveUrl: form.liveUrl.trim() === '' ? null : form.liveUrl.trim(),
    seatLimit: seats === '' ? null : Number(seats), speakerIds: form.speakerIds, confirmBooked,
  };
}

/** Whether the form moves the session to other times (attendees who booked it are asked about first). */
export const isMove = (session: ConsoleAgendaSession | undefined, form: SessionFormState): boolean =>
  session !== undefined && (session.start !== form.start || session.end !== form.end);

/** Whether the form holds something its session does not (leaving asks first). */
export const isChanged = (form: SessionFormState, saved: SessionFormState): boolean => JSON.stringify(form) !== JSON.stringify(saved);

/** A list moved: the item at `index` one step up (-1) or down (+1). */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Sessions by the day they start on in the event's zone, days in order (the list is in start order). */
export function byDay(sessions: readonly ConsoleAgendaSession[], zone: string): [string, ConsoleAgendaSession[]][] {
  const days = new Map<string, ConsoleAgendaSession[]>();
  for (const session of sessions) {
    const day = dayKey(session.startDate, zone);
    const list = days.get(day);
    if (list) list.push(session);
    else days.set(day, [session]);
  }
  return [...days];
}
