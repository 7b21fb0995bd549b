import type { Transaction } from 'kysely';
import type { EventFile } from '~/contracts/event-file';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/db/sql-values';
import * as rows from './event-file-rows.repository';
import { deleteKeysExcept, replaceLinks, syncByPosition, untyped, upsertByKey } from './event-file-sync.repository';

/** What the importer decided before writing: the resolved file and its secrets. */
export interface ImportPlan {
  file: EventFile;
  now: string;
  resultsPasswordHash: string | null;
  /** The admission area's password; undefined keeps the stored hash, null removes it. */
  participantsPasswordHash: string | null | undefined;
  /** Top-level polls' own results passwords by poll key; undefined keeps the stored hash, null removes it. */
  pollPasswordHashes: Map<string, string | null | undefined>;
  /** By e-mail; undefined keeps the stored hash. */
  passwordHashes: Map<string, string | null | undefined>;
  /** By poll key. */
  accessKeys: Map<string, string>;
  newTicketCode(): string;
  /** The unguessable code of a new registration's ticket link and QR (never from the file). */
  newTicketKey(): string;
  /** Only create: an event with this slug makes the write fail as a conflict instead of updating it. */
  createOnly?: boolean;
}

/** What is stored already for an event slug, read before hashing (outside the transaction). */
export interface StoredSecrets {
  eventId: number | undefined;
  resultsPasswordHash: string | null;
  participantsPasswordHash: string | null;
  userHashes: Map<string, string | null>;
  pollAccessKeys: Map<string, string>;
  /** Polls' own results password hashes by poll key. */
  pollHashes: Map<string, string | null>;
}

export function createEventFileRepository(db: Db) {
  const { kysely } = db;

  return {
    async findStoredSecrets(slug: string): Promise<StoredSecrets> {
      const event = await kysely.selectFrom('events').select(['id', 'results_password_hash', 'participants_password_hash']).where('slug', '=', slug).executeTakeFirst();
      if (!event) return { eventId: undefined, resultsPasswordHash: null, participantsPasswordHash: null, userHashes: new Map(), pollAccessKeys: new Map(), pollHashes: new Map() };
      const eventId = event.id;
      const users = await kysely.selectFrom('users').select(['email', 'password_hash']).where('event_id', '=', eventId).execute();
      const polls = await kysely.selectFrom('polls').select(['key', 'access_key', 'results_password_hash']).where('event_id', '=', eventId).execute();
      return {
        eventId, resultsPasswordHash: event.results_password_hash, participantsPasswordHash: event.participants_password_hash,
        userHashes: new Map(users.map((u) => [u.email, u.password_hash])),
        pollAccessKeys: new Map(polls.map((p) => [p.key, p.access_key])),
        pollHashes: new Map(polls.map((p) => [p.key, p.results_password_hash])),
      };
    },

    /** Poll access keys, ticket codes and ticket keys are unique across events; which of these belong to another event? */
    async findTakenElsewhere(eventId: number | undefined, accessKeys: string[], ticketCodes: string[], ticketKeys: string[] = []): Promise<{ accessKeys: string[]; ticketCodes: string[]; ticketKeys: string[] }> {
      const other = eventId ?? -1;
      const polls = accessKeys.length === 0 ? [] : await kysely.selectFrom('polls').select('access_key')
        .where('access_key', 'in', accessKeys).where('event_id', '!=', other).execute();
      const tickets = ticketCodes.length === 0 ? [] : await kysely.selectFrom('registrations').select('ticket_code')
        .where('ticket_code', 'in', ticketCodes).where('event_id', '!=', other).execute();
      const keys = ticketKeys.length === 0 ? [] : await kysely.selectFrom('registrations').select('ticket_key')
        .where('ticket_key', 'in', ticketKeys).where('event_id', '!=', other).execute();
      return { accessKeys: polls.map((p) => p.access_key), ticketCodes: tickets.map((t) => t.ticket_code), ticketKeys: keys.map((k) => k.ticket_key) };
    },

    /**
     * Writes the whole event in one transaction; a failure leaves the database as it was.
     * Undefined when a unique constraint refused the write (two imports racing, a random code colliding).
     */
    async writeEvent(plan: ImportPlan): Promise<{ eventId: number; version: number; created: boolean } | undefined> {
      try {
        return await kysely.transaction().execute((tx) => writeAll(tx, plan));
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
  };
}

async function upsertEvent(tx: Transaction<Database>, plan: ImportPlan) {
  const values = rows.eventValues(plan.file, plan.resultsPasswordHash, plan.now, plan.participantsPasswordHash);
  const updated = plan.createOnly ? undefined : await tx.updateTable('events').set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('slug', '=', plan.file.slug).returning(['id', 'version']).executeTakeFirst();
  if (updated) return { eventId: updated.id, version: updated.version, created: false };
  const inserted = await tx.insertInto('events').values(values).returning(['id', 'version']).executeTakeFirstOrThrow();
  return { eventId: inserted.id, version: inserted.version, created: true };
}

async function writeAll(tx: Transaction<Database>, plan: ImportPlan) {
  const { file, now } = plan;
  const event = await upsertEvent(tx, plan);
  const { eventId } = event;
  const any = untyped(tx);
  const keyed = async (table: string, values: Record<string, string | number | boolean | null>[], options?: { defaults?: Record<string, string | boolean> }) => {
    const ids = await upsertByKey(any, table, 'event_id', eventId, values, options);
    await deleteKeysExcept(any, table, 'event_id', eventId, values.map((v) => String(v['key'])));
    return ids;
  };
  const id = (ids: Map<string, number>, key: string | null | undefined) => (key == null ? null : ids.get(key) ?? null);

  // Users are accounts, not content: people who registered themselves are not in the file, so
  // a re-import updates and adds users but never deletes one.
  const userIds = await upsertByKey(any, 'users', 'event_id', eventId,
    file.users.map((u) => rows.userValues(u, plan.passwordHashes.get(u.email))), { keyColumn: 'email', defaults: { created_at: now, is_hidden: false } });
  await syncRegistrations(tx, eventId, file, userIds, plan);

  const categoryIds = await keyed('categories', file.categories.map(rows.categoryValues));
  const trackIds = await keyed('tracks', file.tracks.map(rows.trackValues));
  const speakerIds = await keyed('speakers', file.speakers.map(rows.speakerValues));
  const sessionIds = await keyed('sessions', file.sessions.map((s) => rows.sessionValues(s, id(trackIds, s.track))));
  const sponsorIds = await keyed('sponsors', file.sponsors.map(rows.sponsorValues));
  for (const sponsor of file.sponsors) {
    const sponsorId = sponsorIds.get(sponsor.key)!;
    await upsertByKey(any, 'meeting_rooms', 'sponsor_id', sponsorId, sponsor.meetingRooms.map(rows.meetingRoomValues));
    await deleteKeysExcept(any, 'meeting_rooms', 'sponsor_id', sponsorId, sponsor.meetingRooms.map((r) => r.key));
  }
  await keyed('info_pages', file.infoPages.map(rows.infoPageValues));
  const documentIds = await keyed('documents', file.documents.map((d) => rows.documentValues(d, id(sponsorIds, d.sponsor))), { defaults: { uploaded_at: now } });
  const groupIds = await keyed('groups', file.groups.map(rows.groupValues));
  await keyed('selfie_overlays', file.selfieOverlays.map(rows.selfieOverlayValues));
  await keyed('shared_lists', file.sharedLists.map(rows.sharedListValues));
  await keyed('lobby_elements', file.lobbyElements.map((e, i) => rows.lobbyElementValues(e, i, sponsorIds)));

  await replaceLinks(any, 'session_speakers', 'session_id', 'sessions', eventId, file.sessions.flatMap((s) =>
    s.speakers.map((k, position) => ({ session_id: sessionIds.get(s.key)!, speaker_id: speakerIds.get(k)!, position }))));
  await replaceLinks(any, 'session_categories', 'session_id', 'sessions', eventId, file.sessions.flatMap((s) =>
    s.categories.map((k) => ({ session_id: sessionIds.get(s.key)!, category_id: categoryIds.get(k)! }))));
  await replaceLinks(any, 'speaker_categories', 'speaker_id', 'speakers', eventId, file.speakers.flatMap((s) =>
    s.categories.map((k) => ({ speaker_id: speakerIds.get(s.key)!, category_id: categoryIds.get(k)! }))));
  await replaceLinks(any, 'sponsor_categories', 'sponsor_id', 'sponsors', eventId, file.sponsors.flatMap((s) =>
    s.categories.map((k) => ({ sponsor_id: sponsorIds.get(s.key)!, category_id: categoryIds.get(k)! }))));
  await replaceLinks(any, 'sponsor_users', 'sponsor_id', 'sponsors', eventId, file.sponsors.flatMap((s) =>
    s.users.map((e) => ({ sponsor_id: sponsorIds.get(s.key)!, user_id: userIds.get(e)! }))));
  await replaceLinks(any, 'sponsor_speakers', 'sponsor_id', 'sponsors', eventId, file.sponsors.flatMap((s) =>
    s.speakers.map((k) => ({ sponsor_id: sponsorIds.get(s.key)!, speaker_id: speakerIds.get(k)! }))));
  await replaceLinks(any, 'document_sessions', 'document_id', 'documents', eventId, file.documents.flatMap((d) =>
    d.sessions.map((k) => ({ document_id: documentIds.get(d.key)!, session_id: sessionIds.get(k)! }))));
  await replaceLinks(any, 'group_members', 'group_id', 'groups', eventId, file.groups.flatMap((g) =>
    g.members.map((e) => ({ group_id: groupIds.get(g.key)!, user_id: userIds.get(e)! }))));

  await writePolls(tx, eventId, plan, sponsorIds);
  await writeTimeline(tx, eventId, file, userIds);
  return event;
}

async function syncRegistrations(tx: Transaction<Database>, eventId: number, file: EventFile, userIds: Map<string, number>, plan: ImportPlan) {
  const stored = await tx.selectFrom('registrations').select(['id', 'user_id', 'ticket_code', 'ticket_key']).where('event_id', '=', eventId).orderBy('id').execute();
  const byUser = new Map<number, { id: number; ticket_code: string; ticket_key: string }>();
  for (const r of stored) if (!byUser.has(r.user_id)) byUser.set(r.user_id, { id: r.id, ticket_code: r.ticket_code, ticket_key: r.ticket_key });
  const fresh = [];
  for (const user of file.users) {
    const userId = userIds.get(user.email)!;
    const registration = byUser.get(userId);
    if (!registration) {
      fresh.push({ event_id: eventId, user_id: userId, ticket_code: user.ticketCode ?? plan.newTicketCode(), ticket_key: user.ticketKey ?? plan.newTicketKey(), created_at: plan.now });
      continue;
    }
    const changes = {
      ...(user.ticketCode !== undefined && user.ticketCode !== registration.ticket_code ? { ticket_code: user.ticketCode } : {}),
      ...(user.ticketKey !== undefined && user.ticketKey !== registration.ticket_key ? { ticket_key: user.ticketKey } : {}),
    };
    if (Object.keys(changes).length > 0) await tx.updateTable('registrations').set(changes).where('id', '=', registration.id).execute();
  }
  for (let i = 0; i < fresh.length; i += 200) await tx.insertInto('registrations').values(fresh.slice(i, i + 200)).execute();
}

async function writePolls(tx: Transaction<Database>, eventId: number, plan: ImportPlan, sponsorIds: Map<string, number>) {
  const any = untyped(tx);
  const sponsor = (key: string | undefined) => (key === undefined ? null : sponsorIds.get(key) ?? null);
  const values = (p: rows.FilePoll | rows.FilePollItem, parentId: number | null, position: number) =>
    rows.pollValues(p, parentId, sponsor(p.sponsor), position, plan.accessKeys.get(p.key)!, plan.pollPasswordHashes.get(p.key));
  const options = { defaults: { created_at: plan.now } };
  const pollIds = await upsertByKey(any, 'polls', 'event_id', eventId, plan.file.polls.map((p, i) => values(p, null, i)), options);
  const all = new Map(pollIds);
  for (const poll of plan.file.polls) {
    if (poll.items.length === 0) continue;
    const parentId = pollIds.get(poll.key)!;
    const itemIds = await upsertByKey(any, 'polls', 'event_id', eventId, poll.items.map((item, i) => values(item, parentId, i)), options);
    for (const item of poll.items) all.set(item.key, itemIds.get(item.key)!);
  }
  // A poll the file opens starts its round now, unless one is running (docs/console.md "The projector's data").
  await tx.updateTable('polls').set({ opened_at: plan.now }).where('event_id', '=', eventId).where('is_open', '=', true).where('opened_at', 'is', null).execute();
  const everyKey = plan.file.polls.flatMap((p) => [p.key, ...p.items.map((i) => i.key)]);
  // Polls archived in the console (docs/console.md "Preparing polls") keep their answers: no file names them, none deletes them.
  const archived = await tx.selectFrom('polls').select('key').where('event_id', '=', eventId).where('archived_at', 'is not', null).execute();
  await deleteKeysExcept(any, 'polls', 'event_id', eventId, [...everyKey, ...archived.map((row) => row.key)]);
  for (const poll of plan.file.polls.flatMap((p) => [p, ...p.items])) {
    await syncByPosition(any, 'poll_alternatives', 'poll_id', all.get(poll.key)!, poll.alternatives.map(rows.alternativeValues));
  }
}

async function writeTimeline(tx: Transaction<Database>, eventId: number, file: EventFile, userIds: Map<string, number>) {
  const any = untyped(tx);
  const author = (email: string | undefined) => (email === undefined ? null : userIds.get(email) ?? null);
  const postIds = await upsertByKey(any, 'timeline_items', 'event_id', eventId, file.timeline.map((p) => rows.postValues(p, author(p.author))));
  const comments = file.timeline.flatMap((p) => p.comments.map((c) => rows.commentValues(c, author(c.author), postIds.get(p.key)!)));
  await upsertByKey(any, 'timeline_items', 'event_id', eventId, comments);
  const keys = file.timeline.flatMap((p) => [p.key, ...p.comments.map((c) => c.key)]);
  await deleteKeysExcept(any, 'timeline_items', 'event_id', eventId, keys);
}

export type EventFileRepository = ReturnType<typeof createEventFileRepository>;
