import type { CallContext } from '~/server/http/request-context';
import { readFields } from '~/server/http/read-body';
import { DomainError } from '~/server/errors';
import type { Organiser } from './organiser-access';

/** The largest body a console write reads (a JSON object of a few fields; an announcement of 2,000 characters). */
export const CONSOLE_BODY = 16 * 1024;

/**
 * The organiser a console call acts as: the one the route's `who: 'organiser'` guard admitted
 * (it refused everyone else), trusted as it is.
 */
export function organiserOf(context: CallContext): Organiser {
  const { organiser } = context.locals;
  // The route declares `who: 'organiser'`; its guard found the organiser (http/route-guards.ts).
  if (!organiser) throw new Error('a console call without an organiser route');
  return organiser;
}

/** The organiser with the event the request's guard found (kept per version: its stage fields are current). */
export function consoleCallOf(context: CallContext): { organiser: Organiser; event: NonNullable<CallContext['locals']['event']> } {
  const { event } = context.locals;
  if (!event) throw new DomainError('event.not_found', 'No event at this address');
  return { organiser: organiserOf(context), event };
}

/** The body of a console write: a JSON object or form fields. */
export const readConsoleBody = (request: Request): Promise<Record<string, unknown>> => readFields(request);

/** A query parameter as a whole number, or undefined when absent (the service names a bad one). */
export function queryNumber(context: CallContext, name: string): number | undefined {
  const value = context.url.searchParams.get(name);
  return value === null || value === '' ? undefined : Number(value);
}
