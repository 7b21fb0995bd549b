const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750): the attendee's session, the
 * admin or the metrics token. Undefined for no header, another scheme or a token with spaces.
 */
export const bearerToken = (authorization: string | null | undefined): string | undefined => BEARER.exec(authorization ?? '')?.[1];
