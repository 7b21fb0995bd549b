import type { Generated } from 'kysely';

/** One change an organiser made from the console (migration 0110). */
export interface ConsoleAuditTable {
  id: Generated<number>;
  event_id: number;
  /** Null once the organiser's account is erased; `user_name` still says who it was. */
  user_id: number | null;
  user_name: string;
  /** `<area>.<verb>`, e.g. `poll.open`, `stage.stream`, `timeline.remove`. */
  action: string;
  /** What it was done to, e.g. `poll:12`, `timeline:40`, `event`. */
  target: string;
  /** JSON of the state before and after; null where there was none (a new item, a removed one). */
  before: string | null;
  after: string | null;
  created_at: string;
}

/** A write's first outcome under its Idempotency-Key (migration 0200, src/server/idempotency/). */
export interface IdempotentRequestTable {
  user_id: number;
  key: string;
  /** The route's declared path: a key sent again to another call is refused. */
  route: string;
  /** Null while the first request is being answered. */
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
}
