import type { Generated } from 'kysely';

/** Poll answers and their running tallies (migration 0037). */

export interface PollAnswerTable {
  id: Generated<number>;
  poll_id: number;
  user_id: number;
  template_id: number | null;
  free_text: string | null;
  score: number | null;
  comment: string | null;
  is_selected: Generated<boolean>;
  is_hidden: Generated<boolean>;
  created_at: string;
}

/** An attendee gave the code of a coded poll or quiz (migration 0102): they may read and answer it. */
export interface PollCodePassTable {
  poll_id: number;
  user_id: number;
  created_at: string;
}

export interface PollAnswerChoiceTable {
  answer_id: number;
  alternative_id: number;
}

/** One stripe of an alternative's running count (migration 0101): the count is the sum of its stripes. */
export interface PollAlternativeCountStripeTable {
  alternative_id: number;
  poll_id: number;
  stripe: number;
  count: number;
}

/** One stripe of a poll's running answer count and score sum. */
export interface PollTallyStripeTable {
  poll_id: number;
  stripe: number;
  answer_count: number;
  score_sum: number;
}
