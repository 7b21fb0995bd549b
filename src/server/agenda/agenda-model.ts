import type { Session, Track } from '~/contracts/agenda';
import type { Category } from '~/contracts/categories';
import { safeColour } from '~/lib/branding';
import { dayKey, timeOfDay } from '~/lib/dates';
import type { AgendaRows } from './agenda.repository';
import { sessionJson, type SessionJson } from './agenda-json';

/**
 * The part of an event's agenda that changes only with an import: sessions shaped
 * into the contract, in start order, with their day and start time in the event's zone worked
 * out once. Seats left are NOT in it (bookings change between imports); `seatsLeft` is null here
 * and filled per request from the live booking counts.
 */
export interface AgendaModel {
  sessions: readonly AgendaEntry[];
  days: readonly string[];
  tracks: readonly Track[];
  /** Public categories in use, each once, in the order sessions first use them. */
  categories: readonly Category[];
  /** True when any session has a seat limit (else no booking counts need reading). */
  hasSeatLimits: boolean;
  /** `days`, `tracks` and `categories` as JSON, for the answer written per request (agenda-json.ts). */
  json: { days: string; tracks: string; categories: string };
}

export interface AgendaEntry {
  session: Session;
  day: string;
  time: string;
  /** Title, subtitle, keywords, speaker names and companies, lower-cased, for the search filter. */
  searchText: string;
  /** The session, its day and its start time as JSON, serialised once (agenda-json.ts). */
  json: SessionJson;
  dayJson: string;
  timeJson: string;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

// A separator no search text contains, so a needle never matches across two fields.
const FIELD_SEPARATOR = '\u0000';

/** Builds the model from stored rows; descriptions were sanitised when they were written. */
export function buildAgendaModel(rows: AgendaRows, timeZone: string): AgendaModel {
  const speakers = groupBy(rows.speakers, (s) => s.sessionId);
  const categories = groupBy(rows.categories, (c) => c.sessionId);
  const documents = groupBy(rows.documents, (d) => d.sessionId);
  const sessions = rows.sessions.map((s): Session => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle,
    description: s.description,
    startDate: s.startDate,
    endDate: s.endDate,
    trackId: s.trackId === null ? '0' : String(s.trackId),
    speakers: (speakers.get(s.id) ?? []).map((p) => ({
      id: p.id, name: p.firstName, lastName: p.lastName, jobTitle: p.jobTitle, company: p.company, profileImageUrl: p.imageUrl,
    })),
    docIds: (documents.get(s.id) ?? []).map((d) => d.documentId),
    liveUrl: s.liveUrl,
    myAgendaSize: s.seatLimit,
    seatsLeft: null,
    keywords: s.keywords,
    categories: (categories.get(s.id) ?? []).map((c): Category => ({ id: c.id, name: c.name, categoryType: c.categoryType })),
  })).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id);

  const entries = sessions.map((session): AgendaEntry => {
    const day = dayKey(session.startDate, timeZone);
    const time = timeOfDay(session.startDate, timeZone);
    return {
      session, day, time,
      searchText: [
        session.title, session.subtitle, session.keywords,
        ...session.speakers.flatMap((p) => [`${p.name} ${p.lastName}`, p.company]),
      ].filter((text) => text).join(FIELD_SEPARATOR).toLowerCase(),
      json: sessionJson(session), dayJson: JSON.stringify(day), timeJson: JSON.stringify(time),
    };
  });

  const used = new Map<number, Category>();
  for (const session of sessions) for (const c of session.categories) if (!used.has(c.id)) used.set(c.id, c);
  const days = [...new Set(entries.map((e) => e.day))];
  const tracks = rows.tracks.map((t): Track => ({
    id: String(t.id), title: t.title, headerBackgroundColor: safeColour(t.color), hideTrackTitle: t.isTitleHidden,
  }));
  const categoriesInUse = [...used.values()];

  return {
    sessions: entries, days, tracks, categories: categoriesInUse,
    hasSeatLimits: sessions.some((s) => s.myAgendaSize > 0),
    json: { days: JSON.stringify(days), tracks: JSON.stringify(tracks), categories: JSON.stringify(categoriesInUse) },
  };
}

/** Seats left from the live count: limit minus bookings, never below 0; null when unlimited. */
export function seatsLeft(session: Session, booked: ReadonlyMap<number, number>): number | null {
  return session.myAgendaSize <= 0 ? session.seatsLeft : Math.max(0, session.myAgendaSize - (booked.get(session.id) ?? 0));
}

/** The session with seats left from the live count (seatsLeft). */
export function withSeats(session: Session, booked: ReadonlyMap<number, number>): Session {
  if (session.myAgendaSize <= 0) return session;
  return { ...session, seatsLeft: seatsLeft(session, booked) };
}
