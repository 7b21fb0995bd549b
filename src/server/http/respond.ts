import * as v from 'valibot';
import { DomainError, toErrorResponse } from '~/server/errors';
import { log } from '~/server/log';
import { storageFaultError } from '~/server/shared/storage-faults';
import { storageHealth } from '~/server/shared/storage-health';

/**
 * The client closed the connection before its request was read: Node's `Error: aborted`
 * (code ECONNRESET), possibly as the cause of the web Request's own error. The client's doing,
 * not a server fault. (A reset of an outgoing connection — SMTP, Redis — does not say `aborted`.)
 */
export function isClientAbort(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if (e.message === 'aborted' && (e as NodeJS.ErrnoException).code === 'ECONNRESET') return true;
  }
  return false;
}

/**
 * The answer for an error that is no DomainError: a storage fault (database unreachable or
 * locked, disk full) is the node's state, answered 503 + Retry-After or 507 and logged once by
 * the storage health; anything else a logged 500 that reveals nothing (a client that hung up is
 * only a debug line: nobody reads that answer).
 */
export function unexpectedErrorResponse(error: unknown): Response {
  // A client that hung up resets its own socket (ECONNRESET), which says nothing of the database.
  if (isClientAbort(error)) {
    log.debug('client closed the request', { error: (error as Error).message });
    return toErrorResponse(new DomainError('server.error', 'Something went wrong'));
  }
  const fault = storageHealth().failed(error);
  if (fault) {
    if (fault === 'busy') log.warn('database busy', { error: (error as Error).message });
    return toErrorResponse(storageFaultError(fault));
  }
  log.error('unhandled error in endpoint', { error: error instanceof Error ? error.stack : String(error) });
  return toErrorResponse(new DomainError('server.error', 'Something went wrong'));
}

/** Runs an endpoint body and turns what it throws into the answer: DomainError by its code, anything else by `unexpectedErrorResponse`. */
export async function respond(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) {
      const response = toErrorResponse(error);
      // The rest of an oversized body is never read, so this connection cannot carry another request.
      if (error.code === 'request.too_large') response.headers.set('connection', 'close');
      return response;
    }
    return unexpectedErrorResponse(error);
  }
}

/** Validates input with valibot; the first issue becomes a 400 naming its field. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = v.getDotPath(issue) ?? 'body';
  throw new DomainError('request.invalid', `${field}: ${issue.message}`, { field });
}
