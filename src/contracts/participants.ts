import * as v from 'valibot';

/**
 * Another attendee as the participant list, profile modal and chat see them (docs/product.md §3 User).
 * `Phone`/`Cell`/`Email` are null unless the event shows them (profilePhoneVisible,
 * profileEmailVisible). Hidden attendees never appear at all.
 */
export interface Participant {
  UserID: number;
  Firstname: string;
  Lastname: string;
  Title: string | null;
  Company: string | null;
  Jobtitle: string | null;
  About2: string | null;
  Picture: string | null;
  Phone: string | null;
  Cell: string | null;
  Email: string | null;
  Linkedin: string | null;
  Facebook: string | null;
  Instagram: string | null;
  Twitter: string | null;
  Hidden: '0';
  /** Online now (docs/presence.md); the screen follows online-users-change afterwards. */
  Online: boolean;
}

/** A group (docs/product.md §3 Public group: userIds only of visible attendees). */
export interface Group {
  id: number;
  name: string;
}

export interface PublicGroup extends Group {
  userIds: number[];
}

/** docs/product.md §9: the participant list asks 20 at a time; the client default is 50. */
export const PARTICIPANT_PAGE_SIZE = 20;
export const USERS_DEFAULT_SIZE = 50;
export const USERS_MAX_SIZE = 100;
/** participants/{ids}: at most this many ids in one call. */
export const PARTICIPANTS_MAX_IDS = 100;

const positiveInt = () =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a positive whole number'), v.transform(Number), v.minValue(1, 'must be at least 1'));

/** GET users?page&size&search&groupId (docs/product.md §7). A size over the maximum is a 400, not silently capped. */
export const UsersQuerySchema = v.object({
  page: v.optional(positiveInt(), '1'),
  size: v.optional(v.pipe(positiveInt(), v.maxValue(USERS_MAX_SIZE, `must be at most ${USERS_MAX_SIZE}`)), String(USERS_DEFAULT_SIZE)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'must be at most 200 characters'))),
  groupId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a group id'), v.transform(Number))),
});
export type UsersQuery = v.InferOutput<typeof UsersQuerySchema>;

/** GET users/count?search&groupId: how many the same filters match. */
export const UsersCountQuerySchema = v.object({
  search: UsersQuerySchema.entries.search,
  groupId: UsersQuerySchema.entries.groupId,
});
export type UsersCountQuery = v.InferOutput<typeof UsersCountQuerySchema>;

/** participants/{ids}: comma-separated user ids, 1 to PARTICIPANTS_MAX_IDS of them. */
export function parseIdList(text: string): number[] | undefined {
  if (!/^\d{1,9}(,\d{1,9})*$/.test(text)) return undefined;
  const ids = [...new Set(text.split(',').map(Number))];
  return ids.length <= PARTICIPANTS_MAX_IDS ? ids : undefined;
}
