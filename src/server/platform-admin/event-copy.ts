import type { NewEvent } from '~/contracts/platform-admin';

type File = Record<string, unknown>;
type Row = Record<string, unknown>;

const rows = (file: File, list: string): Row[] => (Array.isArray(file[list]) ? (file[list] as Row[]) : []);

/** The event file of a new, empty event (docs/event-files.md): the operator's fields and nothing else. */
export function emptyEventFile(input: NewEvent): File {
  return { slug: input.slug, name: input.name, language: input.language, timeZone: input.timeZone, start: input.start, end: input.end };
}

/**
 * A copy of another event's file for a new event (docs/operations.md "The operator's page"): its
 * programme, speakers, sponsors, pages, documents, polls, lobby and settings, with the
 * sessions moved by as much as the start moved; never its people (attendees, group members,
 * sponsor contacts, timeline, shared lists), its passwords or its poll keys, which belong to the
 * event they were made for.
 */
export function copiedEventFile(source: File, input: NewEvent): File {
  const shift = Date.parse(input.start) - Date.parse(String(source['start']));
  const moved = (time: unknown) => {
    const at = Date.parse(String(time));
    return Number.isNaN(at) || Number.isNaN(shift) ? time : new Date(at + shift).toISOString();
  };
  const {
    users: _users, timeline: _timeline, sharedLists: _lists, regEventCode: _code,
    resultsPasswordHash: _results, participantsPasswordHash: _admission, ...kept
  } = source;
  return {
    ...kept, ...emptyEventFile(input),
    sessions: rows(source, 'sessions').map((s) => ({ ...s, start: moved(s['start']), end: moved(s['end']) })),
    sponsors: rows(source, 'sponsors').map((s) => ({
      ...s, users: [],
      meetingRooms: rows(s, 'meetingRooms').map(({ start: _start, end: _end, ...room }) => room),
    })),
    groups: rows(source, 'groups').map((g) => ({ ...g, members: [] })),
    polls: rows(source, 'polls').map(({ accessKey: _key, resultsPasswordHash: _hash, ...poll }) => ({
      ...poll, items: rows(poll, 'items').map(({ accessKey: _itemKey, ...item }) => item),
    })),
    documents: rows(source, 'documents').map(({ uploadedAt: _at, ...d }) => d),
  };
}
