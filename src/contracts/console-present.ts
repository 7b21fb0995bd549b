/** One place on a quiz's leaderboard: most correct first, then the fastest answer. */
export interface LeaderboardRow {
  /** Competition ranking: equal correct and the same answer time share a place (1, 2, 2, 4). */
  rank: number;
  /** Null for an attendee who chose to be hidden: they keep their place without their name. */
  name: string | null;
  correct: number;
  /** ISO-8601 UTC of the submission. */
  answeredAt: string;
  /** Milliseconds from the quiz's opening (`polls.opened_at`) to the submission; null when the opening is not known. */
  answerMs: number | null;
}

/** What the projector shows for a poll (`/console/present/{pollId}`), read again on its realtime events. */
export type PresentView =
  | { kind: 'leaderboard'; pollId: number; title: string; questions: number; participants: number; rows: LeaderboardRow[] }
  | {
    kind: 'openText'; pollId: number; title: string; question: string; total: number;
    /** The answer the organiser presents (at most one, docs/decisions.md); its author unnamed when hidden. */
    presented: { text: string; author: string } | null;
    /** The newest answers that are not hidden. */
    answers: { id: number; text: string }[];
  };
