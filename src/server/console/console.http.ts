import type { CallContext } from '~/server/http/request-context';
import { readFields } from '~/server/http/read-body';

/** The largest body a console write reads (a JSON object of a few fields; an announcement of 2,000 characters). */
export const CONSOLE_BODY = 16 * 1024;

/** The body of a console write: a JSON object or form fields. */
export const readConsoleBody = (request: Request): Promise<Record<string, unknown>> => readFields(request);

/** A query parameter as a whole number, or undefined when absent (the service names a bad one). */
export function queryNumber(context: CallContext, name: string): number | undefined {
  const value = context.url.searchParams.get(name);
  return value === null || value === '' ? undefined : Number(value);
}
