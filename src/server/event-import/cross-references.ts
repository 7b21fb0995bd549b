import type { EventFile } from '~/contracts/event-file';
import { isPasswordHash } from '~/server/shared/password';

/*
 * Checks valibot cannot express on one field: keys unique within their list, references that
 * name an existing key or e-mail, categories of the right type, end after start. Messages
 * start with the field path, like the schema's own (`sessions[2].speakers[0]: …`).
 */

type CategoryType = 'sponsor' | 'agenda' | 'speaker';

export function crossReferenceIssues(file: EventFile): string[] {
  const issues: string[] = [];
  const add = (path: string, message: string) => issues.push(`${path}: ${message}`);

  function unique<T>(list: readonly T[], path: string, value: (item: T) => string | undefined, field: string, what = field) {
    const seen = new Map<string, number>();
    list.forEach((item, i) => {
      const v = value(item);
      if (v === undefined) return;
      const first = seen.get(v);
      if (first === undefined) seen.set(v, i);
      else add(`${path}[${i}].${field}`, `${what} "${v}" is already used by ${path}[${first}]`);
    });
  }
  const byKey = (item: { key: string }) => item.key;

  unique(file.lobbyElements, 'lobbyElements', byKey, 'key');
  unique(file.users, 'users', (u) => u.email, 'email', 'e-mail');
  unique(file.users, 'users', (u) => u.ticketCode, 'ticketCode', 'ticket code');
  unique(file.users, 'users', (u) => u.ticketKey, 'ticketKey', 'ticket key');
  unique(file.groups, 'groups', byKey, 'key');
  unique(file.categories, 'categories', byKey, 'key');
  unique(file.tracks, 'tracks', byKey, 'key');
  unique(file.speakers, 'speakers', byKey, 'key');
  unique(file.sessions, 'sessions', byKey, 'key');
  unique(file.sponsors, 'sponsors', byKey, 'key');
  unique(file.infoPages, 'infoPages', byKey, 'key');
  unique(file.documents, 'documents', byKey, 'key');
  unique(file.selfieOverlays, 'selfieOverlays', byKey, 'key');
  unique(file.sharedLists, 'sharedLists', byKey, 'key');
  // Each PIN opens one list; the message does not repeat the PIN.
  file.sharedLists.forEach((l, i) => {
    const first = file.sharedLists.findIndex((other) => other.pin === l.pin);
    if (first < i) add(`sharedLists[${i}].pin`, `is already the PIN of sharedLists[${first}]`);
  });
  file.sponsors.forEach((s, i) => unique(s.meetingRooms, `sponsors[${i}].meetingRooms`, byKey, 'key'));

  // Poll items and timeline comments share one key space with their parents (one table each).
  const pollRows = file.polls.flatMap((p, i) => [{ path: `polls[${i}]`, poll: p }, ...p.items.map((item, j) => ({ path: `polls[${i}].items[${j}]`, poll: item }))]);
  const timelineRows = file.timeline.flatMap((p, i) => [{ path: `timeline[${i}]`, row: p }, ...p.comments.map((c, j) => ({ path: `timeline[${i}].comments[${j}]`, row: c }))]);
  uniqueAcross(pollRows.map((r) => ({ path: r.path, value: r.poll.key })), 'key', add);
  uniqueAcross(pollRows.map((r) => ({ path: r.path, value: r.poll.code })), 'code', add);
  uniqueAcross(pollRows.map((r) => ({ path: r.path, value: r.poll.accessKey })), 'accessKey', add);
  uniqueAcross(timelineRows.map((r) => ({ path: r.path, value: r.row.key })), 'key', add);

  const keysOf = (list: readonly { key: string }[]) => new Set(list.map(byKey));
  const emails = new Set(file.users.map((u) => u.email));
  const tracks = keysOf(file.tracks);
  const speakers = keysOf(file.speakers);
  const groups = keysOf(file.groups);
  const sessions = keysOf(file.sessions);
  const sponsors = keysOf(file.sponsors);
  const categoryTypes = new Map(file.categories.map((c) => [c.key, c.type]));

  const ref = (known: Set<string>, value: string | null | undefined, path: string, what: string) => {
    if (value !== undefined && value !== null && !known.has(value)) add(path, `unknown ${what} "${value}"`);
  };
  const refs = (known: Set<string>, values: readonly string[], path: string, what: string) =>
    values.forEach((value, i) => ref(known, value, `${path}[${i}]`, what));
  const categories = (values: readonly string[], path: string, type: CategoryType) =>
    values.forEach((value, i) => {
      const actual = categoryTypes.get(value);
      if (actual === undefined) add(`${path}[${i}]`, `unknown category "${value}"`);
      else if (actual !== type) add(`${path}[${i}]`, `category "${value}" is a ${actual} category; use a category with type "${type}"`);
    });
  const ordered = (start: string | undefined, end: string | undefined, path: string) => {
    if (start !== undefined && end !== undefined && Date.parse(end) <= Date.parse(start)) add(path === '' ? 'end' : `${path}.end`, 'must be after start');
  };

  ordered(file.start, file.end, '');
  file.lobbyElements.forEach((e, i) =>
    (e.options['topSponsorOptions'] ?? []).forEach((o, j) => ref(sponsors, o.sponsor, `lobbyElements[${i}].options.topSponsorOptions[${j}].sponsor`, 'sponsor')));
  file.users.forEach((u, i) => {
    if (u.passwordHash !== undefined && !isPasswordHash(u.passwordHash)) add(`users[${i}].passwordHash`, 'is not a hash this platform made (scrypt$N$r$p$salt$hash)');
  });
  const hashOf = (hash: string | null | undefined, path: string) => {
    if (typeof hash === 'string' && !isPasswordHash(hash)) add(path, 'is not a hash this platform made (scrypt$N$r$p$salt$hash)');
  };
  hashOf(file.resultsPasswordHash, 'resultsPasswordHash');
  hashOf(file.participantsPasswordHash, 'participantsPasswordHash');
  file.polls.forEach((p, i) => hashOf(p.resultsPasswordHash, `polls[${i}].resultsPasswordHash`));
  file.groups.forEach((g, i) => refs(emails, g.members, `groups[${i}].members`, 'user e-mail'));
  file.sharedLists.forEach((l, i) => refs(groups, l.groups, `sharedLists[${i}].groups`, 'group'));
  file.speakers.forEach((s, i) => categories(s.categories, `speakers[${i}].categories`, 'speaker'));
  file.sessions.forEach((s, i) => {
    ref(tracks, s.track, `sessions[${i}].track`, 'track');
    refs(speakers, s.speakers, `sessions[${i}].speakers`, 'speaker');
    categories(s.categories, `sessions[${i}].categories`, 'agenda');
    ordered(s.start, s.end, `sessions[${i}]`);
  });
  file.sponsors.forEach((s, i) => {
    categories(s.categories, `sponsors[${i}].categories`, 'sponsor');
    refs(emails, s.users, `sponsors[${i}].users`, 'user e-mail');
    refs(speakers, s.speakers, `sponsors[${i}].speakers`, 'speaker');
    s.meetingRooms.forEach((r, j) => ordered(r.start, r.end, `sponsors[${i}].meetingRooms[${j}]`));
  });
  file.documents.forEach((d, i) => {
    refs(sessions, d.sessions, `documents[${i}].sessions`, 'session');
    ref(sponsors, d.sponsor, `documents[${i}].sponsor`, 'sponsor');
  });
  pollRows.forEach((r) => ref(sponsors, r.poll.sponsor, `${r.path}.sponsor`, 'sponsor'));
  timelineRows.forEach((r) => ref(emails, r.row.author, `${r.path}.author`, 'user e-mail'));
  return issues;
}

function uniqueAcross(values: { path: string; value: string | undefined }[], field: string, add: (path: string, message: string) => void) {
  const seen = new Map<string, string>();
  for (const { path, value } of values) {
    if (value === undefined) continue;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, path);
    else add(`${path}.${field}`, `"${value}" is already used by ${first}`);
  }
}
