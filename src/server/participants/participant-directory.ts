import type { Features } from '~/contracts/event-settings';
import type { Participant } from '~/contracts/participants';
import type { ParticipantFilter, ParticipantRow } from './participant.repository';

/** One visible attendee as the list sends them, serialised once, with the text a search reads. */
export interface DirectoryEntry {
  id: number;
  /** The participant's JSON (UTF-8) up to `"Online":`; the answer appends `true}` or `false}`. */
  head: Buffer;
  /** `first last`, company and job title, lower-cased: what docs/product.md §7's search matches. */
  name: string;
  company: string;
  jobTitle: string;
}

/** An event's visible attendees in list order (first name, last name, id), and who is in which group. */
export interface ParticipantDirectory {
  entries: readonly DirectoryEntry[];
  membersOf: ReadonlyMap<number, ReadonlySet<number>>;
}

/** The public fields of a visible attendee; phone and e-mail only where the event shows them (docs/product.md §5). */
export function toParticipant(row: ParticipantRow, features: Features, isOnline: boolean): Participant {
  const phone = features.profilePhoneVisible ? row.phone : null;
  return {
    UserID: row.id, Firstname: row.firstName, Lastname: row.lastName, Title: row.title, Company: row.company,
    Jobtitle: row.jobTitle, About2: row.about2, Picture: row.picture, Phone: phone, Cell: phone,
    Email: features.profileEmailVisible ? row.email : null,
    Linkedin: row.linkedin, Facebook: row.facebook, Instagram: row.instagram, Twitter: row.twitter,
    Hidden: '0', Online: isOnline,
  };
}

const ONLINE_TAIL = Buffer.from('true}');
const OFFLINE_TAIL = Buffer.from('false}');
const [OPEN, COMMA, CLOSE] = [0x5b, 0x2c, 0x5d];

/** Rows must be visible attendees in list order; `members` the event's (group, user) pairs. */
export function buildDirectory(rows: readonly ParticipantRow[], members: readonly { groupId: number; userId: number }[], features: Features): ParticipantDirectory {
  const entries = rows.map((row): DirectoryEntry => ({
    id: row.id,
    // Online is the last key, so the rest of the object is the same bytes for every answer.
    // Kept as bytes: encoding 12 kB of text per answer cost more than the rest of the page's work.
    head: Buffer.from(JSON.stringify(toParticipant(row, features, false)).slice(0, -OFFLINE_TAIL.length)),
    name: `${row.firstName} ${row.lastName}`.toLowerCase(),
    company: (row.company ?? '').toLowerCase(),
    jobTitle: (row.jobTitle ?? '').toLowerCase(),
  }));
  const membersOf = new Map<number, Set<number>>();
  for (const { groupId, userId } of members) {
    let set = membersOf.get(groupId);
    if (!set) membersOf.set(groupId, (set = new Set()));
    set.add(userId);
  }
  return { entries, membersOf };
}

/** The entries matching docs/product.md §7's filters: the search anywhere in the name, company or job title; the group's members. */
export function matching(directory: ParticipantDirectory, { search, groupId }: ParticipantFilter): readonly DirectoryEntry[] {
  const needle = search ? search.toLowerCase() : '';
  const members = groupId === undefined ? undefined : directory.membersOf.get(groupId) ?? new Set<number>();
  if (!needle && !members) return directory.entries;
  return directory.entries.filter((e) => (!members || members.has(e.id))
    && (!needle || e.name.includes(needle) || e.company.includes(needle) || e.jobTitle.includes(needle)));
}

/** A page of entries as the JSON array GET users sends (UTF-8), with each one's online state. */
export function pageBody(entries: readonly DirectoryEntry[], online: ReadonlySet<number>): Uint8Array<ArrayBuffer> {
  const tails = entries.map((entry) => (online.has(entry.id) ? ONLINE_TAIL : OFFLINE_TAIL));
  let length = 2 + Math.max(entries.length - 1, 0);
  for (let i = 0; i < entries.length; i += 1) length += entries[i]!.head.length + tails[i]!.length;
  const body = new Uint8Array(length);
  let at = 0;
  body[at++] = OPEN;
  for (let i = 0; i < entries.length; i += 1) {
    if (i > 0) body[at++] = COMMA;
    at += entries[i]!.head.copy(body, at);
    at += tails[i]!.copy(body, at);
  }
  body[at] = CLOSE;
  return body;
}
