import type { EventFile } from '~/contracts/event-file';
import { hashPassword, verifyPassword } from '~/server/shared/password';
import { newAccessKey, newTicketKey, randomCode } from '~/server/shared/secrets';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import type { EventFileRepository } from './event-file.repository';
import { validateEventFile } from './validate-event-file';

export interface ImportResult {
  eventId: number;
  slug: string;
  created: boolean;
  version: number;
  counts: Record<string, number>;
}

export interface ImportEventDeps {
  repository: EventFileRepository;
  /** Tells every node the event changed (data-change `stored`: each drops what it kept of it), then pages and sockets (realtime `event-change`). */
  publishChange: (eventId: number, version: number) => Promise<void>;
  clock?: () => Date;
}

// Unambiguous upper-case letters and digits for codes people read aloud or type.
export const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Stored hash for a given password: the stored one when it still matches, else a new hash.
 * Without a password, the file's hash (null removes the password); undefined: keep what is stored.
 */
async function secret(password: string | undefined, hash: string | null | undefined, stored: string | null | undefined): Promise<string | null | undefined> {
  if (password !== undefined) return stored && (await verifyPassword(password, stored)) ? stored : hashPassword(password);
  return hash;
}

/**
 * Creates or updates an event from an event file, all in one transaction: nothing is written
 * when the file is invalid or any write fails. Passwords are hashed before the transaction
 * opens, concurrently, so the database is never locked while scrypt runs.
 */
export function createImportEventService({ repository, publishChange, clock = () => new Date() }: ImportEventDeps) {
  return {
    /** With createOnly, an event of the same slug stored meanwhile is a conflict, not an update. */
    async importEvent(input: unknown, { createOnly = false }: { createOnly?: boolean } = {}): Promise<ImportResult> {
      const now = clock();
      const validation = validateEventFile(input, now);
      if (!validation.ok) throw invalid(validation.issues);
      const { file } = validation;

      const stored = await repository.findStoredSecrets(file.slug);
      const accessKeys = new Map(file.polls.flatMap((p) => [p, ...p.items]).map((p) =>
        [p.key, p.accessKey ?? stored.pollAccessKeys.get(p.key) ?? newAccessKey()]));
      const taken = await repository.findTakenElsewhere(stored.eventId, [...accessKeys.values()], file.users.flatMap((u) => u.ticketCode ?? []), file.users.flatMap((u) => u.ticketKey ?? []));
      const conflicts = [
        ...taken.accessKeys.map((key) => `polls: access key "${key}" is used by another event`),
        ...taken.ticketCodes.map((code) => `users: ticket code "${code}" is used by another event`),
        // The key itself is not echoed: it is a secret of another event's attendee.
        ...(taken.ticketKeys.length > 0 ? [`users: ${taken.ticketKeys.length} ticket key(s) are used by another event`] : []),
      ];
      if (conflicts.length > 0) throw invalid(conflicts);

      const [hashes, resultsHash, participantsHash, pollHashes] = await Promise.all([
        Promise.all(file.users.map(async (u) => [u.email, await secret(u.password, u.passwordHash, stored.userHashes.get(u.email))] as const)),
        secret(file.resultsPassword, file.resultsPasswordHash, stored.resultsPasswordHash),
        secret(file.participantsPassword, file.participantsPasswordHash, stored.participantsPasswordHash),
        Promise.all(file.polls.map(async (p) => [p.key, await secret(p.resultsPassword, p.resultsPasswordHash, stored.pollHashes.get(p.key))] as const)),
      ]);

      const written = await repository.writeEvent({
        file, now: now.toISOString(), accessKeys,
        // Neither resultsPassword nor its hash in the file: keep what is stored.
        resultsPasswordHash: resultsHash === undefined ? stored.resultsPasswordHash : resultsHash,
        // The admission and per-poll passwords likewise: absent keeps, null removes.
        participantsPasswordHash: participantsHash,
        pollPasswordHashes: new Map(pollHashes),
        passwordHashes: new Map(hashes),
        newTicketCode: () => randomCode(10, TICKET_ALPHABET),
        newTicketKey,
        createOnly,
      });
      // Two imports racing, or a random code colliding: refuse cleanly rather than with a 500.
      if (!written) throw new DomainError('event_file.conflict', 'The event file conflicts with stored data; try again');

      await publishChange(written.eventId, written.version).catch((error: unknown) =>
        log.warn('event-change not published', { eventId: written.eventId, error: String(error) }));
      return { ...written, slug: file.slug, counts: countsOf(file) };
    },
  };
}

function invalid(issues: string[]): DomainError {
  return new DomainError('event_file.invalid', 'The event file is not valid', { issues });
}

function countsOf(file: EventFile): Record<string, number> {
  return {
    users: file.users.length, categories: file.categories.length, tracks: file.tracks.length, speakers: file.speakers.length,
    sessions: file.sessions.length, sponsors: file.sponsors.length, infoPages: file.infoPages.length,
    documents: file.documents.length, groups: file.groups.length, lobbyElements: file.lobbyElements.length,
    polls: file.polls.reduce((n, p) => n + 1 + p.items.length, 0),
    timeline: file.timeline.reduce((n, p) => n + 1 + p.comments.length, 0),
  };
}

export type ImportEventService = ReturnType<typeof createImportEventService>;
