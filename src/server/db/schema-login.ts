import type { Generated } from 'kysely';

/** Tables of sign-in and the attendee's account: tokens, login links, pins, terms, vouchers. */

export interface AuthTokenTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  token_hash: string;
  kind: 'access' | 'refresh';
  /** The session (token family) of one login: set on every row since migration 0056. */
  family: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface LoginLinkTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A self sign-up whose address is not proven yet (migration 0103); the row goes once it is. */
export interface SignupConfirmationTable {
  user_id: number;
  /** The password chosen at sign-up: it becomes the password only through the confirmation link. */
  password_hash: string | null;
  /** The confirmation link's token hash (the latest one mailed). */
  link_hash: string | null;
  /** The hash of the `ep_signup` secret of the browser that signed up (migration 0113); null for sign-ups before it. */
  browser_hash: string | null;
  created_at: string;
}

export interface TwoFactorPinTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  pin_id: string;
  pin_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PendingPasswordTable {
  user_id: number;
  password_hash: string;
  created_at: string;
  expires_at: string;
}

export interface TermsAcceptanceTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  terms_text: string;
  accepted_at: string;
}

export interface VoucherTransactionTable {
  id: Generated<number>;
  event_id: number;
  registration_id: number;
  kind: 'grant' | 'use';
  status: 'completed' | 'pending';
  amount: number;
  description: string | null;
  created_at: string;
}
