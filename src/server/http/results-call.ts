import type { EventInfo } from '~/contracts/event-info';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import type { OpenedSession, ResultsGrant } from '~/server/results-login/results-login.service';
import { ResultsQuerySchema, type ResultsQuery } from '~/contracts/poll-results';
import { NO_STORE } from './cache-headers';
import { translator } from '~/lib/i18n';
import { exportTable, EXPORT_TYPES, type ExportFormat, type TableExport } from '~/server/shared/table-export';
import { publicCall } from './call';
import type { RequestHead } from './request-context';
import type { RouteContext, RouteCookies } from './route-context';
import { parseQuery } from './params';
import { respond } from './respond';
import { jsonAnswer } from './answer-bytes';

/** Results session cookies are named by the SPEC §2 markers: `private_results_{key}`, `private_results_generic`, `participant_results`. */
const MARKER = /^(private_results_[\w-]{1,100}|participant_results)$/;
/** API clients without cookies send the session secret in this header. */
export const RESULTS_TOKEN_HEADER = 'x-results-token';

function resultsTokens(request: RequestHead): string[] {
  const tokens: string[] = [];
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && MARKER.test(part.slice(0, at).trim())) {
      // A value that is not percent-encoding is no secret of ours (they are base64url): skipped, never a 500.
      try {
        tokens.push(decodeURIComponent(part.slice(at + 1).trim()));
      } catch {
        continue;
      }
    }
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

/**
 * A results or admission call (SPEC §6): the host's event and the caller's results grants. No
 * grant at all is 401 `results.unauthorized`; an attendee's Bearer token or cookie counts for
 * nothing here. Cookie-carried writes must come from the event's own origin.
 */
export async function resultsCall(context: RouteContext): Promise<{ event: EventInfo; grants: ResultsGrant[] }> {
  const { event } = await publicCall(context);
  const grants = await resultsGrants(context.request, event.eventId);
  if (grants.length === 0) throw new DomainError('results.unauthorized', 'Log in to the results first');
  const origin = context.request.headers.get('origin');
  if (context.request.method !== 'GET' && origin !== null && origin !== context.url.origin) {
    throw new DomainError('results.forbidden', 'Cross-site request refused');
  }
  return { event, grants };
}

/** Sets the cookie of a results session just opened (HttpOnly; this host only). */
export function setResultsCookie(cookies: Pick<RouteCookies, 'set'>, session: OpenedSession, secure: boolean): void {
  cookies.set(session.marker, session.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: session.maxAgeSeconds });
}

/**
 * A results GET (SPEC §7): the results grants, the common query (fromDate, toDate, groups, page,
 * size, templateId; 400 naming the field) and a JSON answer that no cache keeps.
 */
export function resultsGet<T>(
  context: RouteContext,
  work: (event: EventInfo, grants: ResultsGrant[], query: ResultsQuery) => Promise<T>,
): Promise<Response> {
  return respond(async () => {
    const { event, grants } = await resultsCall(context);
    const query = parseQuery(ResultsQuerySchema, context.url);
    return jsonAnswer(await work(event, grants, query), { headers: NO_STORE });
  });
}

/** The {id} of a results path: a numeric poll id or an access key. */
export function pollRef(context: RouteContext): string {
  const value = context.params['id'] ?? '';
  if (!/^[\w-]{1,100}$/.test(value)) throw new DomainError('request.invalid', 'id: must be a poll id or access key', { field: 'id' });
  return value;
}

/**
 * A results export (SPEC §7, PRODUCT-DECISIONS "Exports"): `?format=csv` or XLSX by default,
 * streamed as it is written; the name in `x-filename` (exposed to scripts) and the disposition.
 */
export function resultsExport(
  context: RouteContext,
  work: (event: EventInfo, grants: ResultsGrant[], query: ResultsQuery, t: (key: string) => string, format: ExportFormat) => Promise<TableExport>,
): Promise<Response> {
  return respond(async () => {
    const { event, grants } = await resultsCall(context);
    const query = parseQuery(ResultsQuerySchema, context.url);
    const requested = context.url.searchParams.get('format') ?? 'xlsx';
    if (requested !== 'xlsx' && requested !== 'csv') throw new DomainError('request.invalid', 'format: must be xlsx or csv', { field: 'format' });
    const t = translator(event.locale);
    return exportResponse(requested, await work(event, grants, query, (key) => t(key), requested));
  });
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
