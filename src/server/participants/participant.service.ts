import type { EventInfo } from '~/contracts/event-info';
import type { Features } from '~/contracts/event-settings';
import type { Group, Participant, PublicGroup, UsersCountQuery, UsersQuery } from '~/contracts/participants';
import { DomainError } from '~/server/errors';
import type { Presence } from '~/server/presence/presence.service';
import type { UserService } from '~/server/users/user.service';
import type { ParticipantRepository, ParticipantRow } from './participant.repository';

type ParticipantEvent = Pick<EventInfo, 'eventId' | 'features'>;

interface Dependencies {
  repository: ParticipantRepository;
  presence: Pick<Presence, 'onlineUserIds'>;
  users: Pick<UserService, 'visibleAmong'>;
}

/**
 * Where attendees may be listed at all: a participant list or a chat (its new-chat list picks
 * from the participants) on some platform. With none on, the event lists nobody.
 */
const LISTING_FLAGS: (keyof Features)[] = [
  'stageTabParticipants', 'webAppNavigationParticipants', 'lobbyParticipantList', 'stageChatEnabled', 'lobbyChatEnabled', 'webAppChat',
];

function toParticipant(row: ParticipantRow, features: Features, online: ReadonlySet<number>): Participant {
  // SPEC §5: phone and e-mail only where the event shows them on profiles.
  const phone = features.profilePhoneVisible ? row.phone : null;
  return {
    UserID: row.id, Firstname: row.firstName, Lastname: row.lastName, Title: row.title, Company: row.company,
    Jobtitle: row.jobTitle, About2: row.about2, Picture: row.picture, Phone: phone, Cell: phone,
    Email: features.profileEmailVisible ? row.email : null,
    Linkedin: row.linkedin, Facebook: row.facebook, Instagram: row.instagram, Twitter: row.twitter,
    Hidden: '0', Online: online.has(row.id),
  };
}

/**
 * The participant calls of SPEC §7 (users, users/count, participant/{id}, participants/{ids},
 * groups). Hidden attendees never reach anyone else: the repository leaves them out in SQL, so no
 * list, count, group or profile can name them (docs/presence.md).
 */
export function createParticipantService({ repository, presence, users }: Dependencies) {
  const onlineOf = async (eventId: number) => new Set(await presence.onlineUserIds(eventId));

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
    async page(event: ParticipantEvent, userId: number, query: UsersQuery): Promise<Participant[]> {
      requireListing(event);
      await requireVisibleGroup(event.eventId, userId, query.groupId);
      const rows = await repository.findPage(event.eventId, query, (query.page - 1) * query.size, query.size);
      const online = await onlineOf(event.eventId);
      return rows.map((row) => toParticipant(row, event.features, online));
    },

    async count(event: ParticipantEvent, userId: number, query: UsersCountQuery): Promise<number> {
      requireListing(event);
      await requireVisibleGroup(event.eventId, userId, query.groupId);
      return repository.count(event.eventId, query);
    },

    /** One participant; a hidden one (other than the caller), another event's or an unknown id is 404. */
    async one(event: ParticipantEvent, viewerId: number, userId: number): Promise<Participant> {
      const [row] = await repository.findByIds(event.eventId, [userId], viewerId);
      if (!row) throw new DomainError('participant.not_found', 'No such participant');
      return toParticipant(row, event.features, await onlineOf(event.eventId));
    },

    /** The visible participants among `ids` (unknown and hidden ids are left out), for chat lists. */
    async some(event: ParticipantEvent, viewerId: number, ids: number[]): Promise<Participant[]> {
      const rows = await repository.findByIds(event.eventId, ids, viewerId);
      const online = await onlineOf(event.eventId);
      return rows.map((row) => toParticipant(row, event.features, online));
    },

    /** Visible attendees online now; the browser's online store starts from this. */
    async online(event: ParticipantEvent): Promise<number[]> {
      return (await users.visibleAmong(event.eventId, await presence.onlineUserIds(event.eventId))).sort((a, b) => a - b);
    },

    /** The caller's own groups (My Groups in the profile). */
    async groupsOf(eventId: number, userId: number): Promise<Group[]> {
      return (await repository.groupsOf(eventId, userId)).map(({ id, name }) => ({ id, name }));
    },

    /** Groups the caller can see: the public ones and their own. */
    groups,

    /** SPEC §3 public groups with their visible members. */
    async publicGroups(eventId: number): Promise<PublicGroup[]> {
      const [all, members] = await Promise.all([repository.groups(eventId), repository.publicGroupMembers(eventId)]);
      return all.filter((group) => group.isPublic).map(({ id, name }) => ({
        id, name, userIds: members.filter((m) => m.groupId === id).map((m) => m.userId),
      }));
    },
  };
}

export type ParticipantService = ReturnType<typeof createParticipantService>;
