import type { EventInfo } from '~/contracts/event-info';
import type { Features } from '~/contracts/event-settings';
import type { Group, Participant, PublicGroup, UsersCountQuery, UsersQuery } from '~/contracts/participants';
import { DomainError } from '~/server/errors';
import type { Presence } from '~/server/presence/presence.service';
import { createReadModels, type ReadModels } from '~/server/shared/read-model-cache';
import type { UserService } from '~/server/users/user.service';
import { buildDirectory, matching, pageBody, toParticipant, type ParticipantDirectory } from './participant-directory';
import type { ParticipantRepository } from './participant.repository';

type ParticipantEvent = Pick<EventInfo, 'eventId' | 'version' | 'features'>;

interface Dependencies {
  repository: ParticipantRepository;
  presence: Pick<Presence, 'onlineUserIds' | 'onlineSet'>;
  users: Pick<UserService, 'visibleAmong'>;
  /** Where the event's directory is kept (dropped with the other read models by an import). */
  readModels?: ReadModels;
}

/**
 * Where attendees may be listed at all: a participant list or a chat (its new-chat list picks
 * from the participants) on some platform. With none on, the event lists nobody.
 */
const LISTING_FLAGS: (keyof Features)[] = [
  'stageTabParticipants', 'webAppNavigationParticipants', 'lobbyParticipantList', 'stageChatEnabled', 'lobbyChatEnabled', 'webAppChat',
];

/**
 * The participant calls of docs/product.md §7 (users, users/count, participant/{id}, participants/{ids},
 * groups). Hidden attendees never reach anyone else: the repository leaves them out in SQL, so no
 * list, count, group or profile can name them (docs/presence.md).
 */
export function createParticipantService({ repository, presence, users, readModels = createReadModels() }: Dependencies) {
  // The visible attendees, shaped and serialised once per event; what changes them announces
  // `people`, which drops it on every node (docs/presence.md "The participant list in memory").
  const directories = readModels.cache('participants', async (event: ParticipantEvent): Promise<ParticipantDirectory> => {
    const [rows, members] = await Promise.all([repository.findVisible(event.eventId), repository.groupMembers(event.eventId)]);
    return buildDirectory(rows, members, event.features);
  }, { droppedBy: ['people'] });
  const onlineOf = (eventId: number) => presence.onlineSet(eventId);

  /** The page of the directory the query asks for, after the listing and group checks. */
  async function pageOf(event: ParticipantEvent, userId: number, query: UsersQuery) {
    requireListing(event);
    await requireVisibleGroup(event.eventId, userId, query.groupId);
    const from = (query.page - 1) * query.size;
    return matching(await directories.get(event), query).slice(from, from + query.size);
  }

  function requireListing(event: ParticipantEvent): void {
    if (!LISTING_FLAGS.some((flag) => event.features[flag])) {
      throw new DomainError('participants.forbidden', 'This event has no participant list');
    }
  }

  /** A group filter must name a group the caller can see (public, or one of their own). */
  async function requireVisibleGroup(eventId: number, userId: number, groupId: number | undefined): Promise<void> {
    if (groupId === undefined) return;
    const visible = await groups(eventId, userId);
    if (!visible.some((group) => group.id === groupId)) throw new DomainError('group.not_found', 'No such group', { field: 'groupId' });
  }

  async function groups(eventId: number, userId: number): Promise<Group[]> {
    const [all, own] = await Promise.all([repository.groups(eventId), repository.groupsOf(eventId, userId)]);
    const mine = new Set(own.map((group) => group.id));
    return all.filter((group) => group.isPublic || mine.has(group.id)).map(({ id, name }) => ({ id, name }));
  }

  return {
    /** One page of visible participants as GET users sends it: the JSON array (UTF-8), its online states read now. */
    async pageBody(event: ParticipantEvent, userId: number, query: UsersQuery): Promise<Uint8Array<ArrayBuffer>> {
      const entries = await pageOf(event, userId, query);
      return pageBody(entries, await onlineOf(event.eventId));
    },

    /** The same page as objects (the stage's participant panel, rendered on the server). */
    async page(event: ParticipantEvent, userId: number, query: UsersQuery): Promise<Participant[]> {
      const entries = await pageOf(event, userId, query);
      return JSON.parse(Buffer.from(pageBody(entries, await onlineOf(event.eventId)).buffer).toString()) as Participant[];
    },

    async count(event: ParticipantEvent, userId: number, query: UsersCountQuery): Promise<number> {
      requireListing(event);
      await requireVisibleGroup(event.eventId, userId, query.groupId);
      return matching(await directories.get(event), query).length;
    },

    /**
     * One participant; a hidden one (other than the caller), another event's or an unknown id is
     * 404. Another attendee's profile is part of the listing, so it is 403 where nobody is listed.
     */
    async one(event: ParticipantEvent, viewerId: number, userId: number): Promise<Participant> {
      if (userId !== viewerId) requireListing(event);
      const [row] = await repository.findByIds(event.eventId, [userId], viewerId);
      if (!row) throw new DomainError('participant.not_found', 'No such participant');
      return toParticipant(row, event.features, (await onlineOf(event.eventId)).has(row.id));
    },

    /** The visible participants among `ids` (unknown and hidden ids are left out), for chat lists; 403 where nobody is listed. */
    async some(event: ParticipantEvent, viewerId: number, ids: number[]): Promise<Participant[]> {
      requireListing(event);
      const rows = await repository.findByIds(event.eventId, ids, viewerId);
      const online = await onlineOf(event.eventId);
      return rows.map((row) => toParticipant(row, event.features, online.has(row.id)));
    },

    /** Visible attendees online now; the browser's online store starts from this. */
    async online(event: ParticipantEvent): Promise<number[]> {
      requireListing(event);
      return (await users.visibleAmong(event.eventId, await presence.onlineUserIds(event.eventId))).sort((a, b) => a - b);
    },

    /** The caller's own groups (My Groups in the profile). */
    async groupsOf(eventId: number, userId: number): Promise<Group[]> {
      return (await repository.groupsOf(eventId, userId)).map(({ id, name }) => ({ id, name }));
    },

    /** Groups the caller can see (the public ones and their own): the list's group filter, so only where attendees are listed. */
    async groups(event: ParticipantEvent, userId: number): Promise<Group[]> {
      requireListing(event);
      return groups(event.eventId, userId);
    },

    /** The public groups (id, name, the ids of their visible members), only where attendees are listed. */
    async publicGroups(event: ParticipantEvent): Promise<PublicGroup[]> {
      requireListing(event);
      const [all, members] = await Promise.all([repository.groups(event.eventId), repository.publicGroupMembers(event.eventId)]);
      return all.filter((group) => group.isPublic).map(({ id, name }) => ({
        id, name, userIds: members.filter((m) => m.groupId === id).map((m) => m.userId),
      }));
    },
  };
}

export type ParticipantService = ReturnType<typeof createParticipantService>;
