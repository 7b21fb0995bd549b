import { parseCookie } from 'cookie';
import type { EventInfo } from '~/contracts/event-info';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import type { OpenedSession, ResultsGrant } from '~/server/results-login/results-login.service';
import { ResultsQuerySchema, type ResultsQuery } from '~/contracts/poll-results';
import { NO_STORE } from './cache-headers';
import { translator } from '~/lib/i18n';
import { exportTable, EXPORT_TYPES, type ExportFormat, type TableExport } from '~/server/shared/table-export';
import * as v from 'valibot';
import { PathIdSchema } from './params';
import type { RequestHead } from './request-context';
import type { RouteCookies } from './route-context';
import type { RouteCall } from './route-rules';
import { jsonAnswer } from './answer-bytes';

/** Results session cookies are named by the docs/product.md §2 markers: `private_results_{key}`, `private_results_generic`, `participant_results`. */
const MARKER = /^(private_results_[\w-]{1,100}|participant_results)$/;
/** API clients without cookies send the session secret in this header. */
export const RESULTS_TOKEN_HEADER = 'x-results-token';

function resultsTokens(request: RequestHead): string[] {
  const tokens: string[] = [];
  // `cookie` leaves a value that is not percent-encoding as sent: no secret of ours (they are base64url), never a 500.
  for (const [name, value] of Object.entries(parseCookie(request.headers.get('cookie') ?? ''))) {
    if (value !== undefined && MARKER.test(name)) tokens.push(value);
  }
  const header = request.headers.get(RESULTS_TOKEN_HEADER);
  if (header) tokens.push(header.trim());
  return tokens.slice(0, 20);
}

/** Every live results grant the request carries for this event (results cookies and the header). */
export async function resultsGrants(request: RequestHead, eventId: number): Promise<ResultsGrant[]> {
  const found = await Promise.all(resultsTokens(request).map((token) => app().resultsLogin.authenticate(token, eventId)));
  return found.filter((grant): grant is ResultsGrant => grant !== undefined);
}

/** Sets the cookie of a results session just opened (HttpOnly; this host only). */
export function setResultsCookie(cookies: Pick<RouteCookies, 'set'>, session: OpenedSession, secure: boolean): void {
  cookies.set(session.marker, session.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: session.maxAgeSeconds });
}

/**
 * A results GET (docs/product.md §7): the results grants, the common query (fromDate, toDate, groups, page,
 * size, templateId; 400 naming the field) and a JSON answer that no cache keeps.
 */
export async function resultsGet<T>(
  call: ResultsCall,
  work: (event: EventInfo, grants: ResultsGrant[], query: ResultsQuery) => Promise<T>,
): Promise<Response> {
  return jsonAnswer(await work(call.event, call.grants, call.input.query), { headers: NO_STORE });
}

/** The {id} of a results path: a numeric poll id or an access key. */
export const PollRefSchema = v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'must be a poll id or access key'));

/** What a results read takes: its poll (`{id}`, where the path has one) and the common query. */
export const RESULTS_INPUT = { params: v.object({ id: v.optional(PollRefSchema) }), query: ResultsQuerySchema } as const;

/** What a results export by kind takes: as a read, and the numeric `{kind}` of its path. */
export const RESULTS_EXPORT_INPUT = { params: v.object({ id: v.optional(PollRefSchema), kind: PathIdSchema }), query: ResultsQuerySchema } as const;

/** A results call with the common input. */
export type ResultsCall = RouteCall<'results', typeof RESULTS_INPUT>;

/** The poll a results path names (its `{id}`). */
export const pollRef = (call: ResultsCall): string => call.input.params.id ?? '';

/**
 * A results export (docs/product.md §7, docs/decisions.md "Exports"): `?format=csv` or XLSX by default,
 * streamed as it is written; the name in `x-filename` (exposed to scripts) and the disposition.
 */
export async function resultsExport(
  call: ResultsCall,
  work: (event: EventInfo, grants: ResultsGrant[], query: ResultsQuery, t: (key: string) => string, format: ExportFormat) => Promise<TableExport>,
): Promise<Response> {
  const requested = call.url.searchParams.get('format') ?? 'xlsx';
  if (requested !== 'xlsx' && requested !== 'csv') throw new DomainError('request.invalid', 'format: must be xlsx or csv', { field: 'format' });
  const t = translator(call.event.locale);
  return exportResponse(requested, await work(call.event, call.grants, call.input.query, (key) => t(key), requested));
}

/** The streamed file of an export, named in `x-filename` (exposed to scripts) and the disposition. */
export function exportResponse(format: ExportFormat, table: TableExport): Response {
  return new Response(exportTable(format, table.sheet, table.header, table.batches), {
    headers: {
      ...NO_STORE, 'content-type': EXPORT_TYPES[format], 'x-filename': table.fileName,
      'content-disposition': `attachment; filename="${table.fileName}"`, 'access-control-expose-headers': 'x-filename',
    },
  });
}
