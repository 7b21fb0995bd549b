import type { Generated } from 'kysely';

/** Participant lists opened by a PIN (migration 0075, docs/admission.md). */
export interface SharedListTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  position: Generated<number>;
  name: string;
  description: string | null;
  pin: string;
  /** JSON `[{ field, label }]`. */
  columns: string;
  /** JSON group keys; empty: every attendee. */
  group_keys: Generated<string>;
  admission: Generated<string>;
  include_hidden: Generated<boolean>;
}
