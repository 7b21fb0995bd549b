import type { Generated } from 'kysely';

/** Results and admission login sessions (migration 0070). */
export interface ResultsSessionTable {
  id: Generated<number>;
  event_id: number;
  token_hash: string;
  scope: 'poll' | 'generic' | 'participant';
  poll_access_key: string | null;
  created_at: string;
  expires_at: string;
}
