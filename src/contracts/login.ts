/** The token response of POST /connect/token (docs/product.md §7), OAuth 2 field names. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** Who is signed in, as guards and pages see it. */
export interface AuthUser {
  userId: number;
  eventId: number;
  email: string;
  firstName: string;
  lastName: string;
  isOrganiser: boolean;
}
