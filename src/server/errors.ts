/**
 * A rule the client broke, named `<domain>.<reason>` (e.g. `event.not_found`). Services throw
 * these; `toErrorResponse` is the one place that turns them into HTTP answers.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = 'DomainError';
  }
}

const STATUS_BY_REASON: Record<string, number> = {
  invalid: 400,
  invalid_grant: 400,
  unauthorized: 401,
  forbidden: 403,
  wrong_event: 403,
  cross_site: 403,
  // A GET with a side effect asked by an <img>, <video> or link rather than a script (docs/security.md).
  script_only: 403,
  // A coded poll asked for by id before its code was given (docs/product.md §8).
  code_required: 403,
  // A password sign-up whose address is not proven yet (docs/registration.md).
  unconfirmed: 403,
  not_found: 404,
  // docs/product.md §8 coded poll entry: no open coded poll with this code, or one of the other kind.
  code_not_found: 404,
  code_wrong_type: 404,
  conflict: 409,
  exists: 409,
  full: 409,
  // A poll with answers keeps its alternatives; a code another poll of the event has (docs/console.md).
  locked: 409,
  code_taken: 409,
  // A retry whose first request (same Idempotency-Key) is still being answered (docs/operations.md "Retries").
  in_progress: 409,
  // The event's last organiser cannot be unmarked or deleted (docs/console.md "People").
  last_organiser: 409,
  too_large: 413,
  closed: 422,
  // A call that needs another kind of poll (the projector shows quizzes and open-text polls).
  wrong_kind: 422,
  // An Idempotency-Key sent again with another request.
  key_reused: 422,
  rate_limited: 429,
  code_rate_limited: 429,
  error: 500,
  // The database cannot be reached or is locked (db/db-faults.ts): the node, not the client.
  unavailable: 503,
  busy: 503,
  // Out of disk space (RFC 4918 Insufficient Storage).
  insufficient: 507,
};

/** HTTP status for a domain error code, by the reason after the dot. */
export function statusFor(code: string): number {
  const reason = code.slice(code.indexOf('.') + 1);
  return STATUS_BY_REASON[reason] ?? 400;
}

export function toErrorResponse(error: DomainError): Response {
  const status = statusFor(error.code);
  const headers = new Headers();
  const retryAfter = error.details?.['retryAfter'];
  if ((status === 409 || status === 429 || status === 503) && typeof retryAfter === 'number') headers.set('retry-after', String(retryAfter));
  return Response.json({ error: error.code, message: error.message, ...error.details }, { status, headers });
}
