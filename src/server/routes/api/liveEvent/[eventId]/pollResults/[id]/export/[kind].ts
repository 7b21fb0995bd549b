import { app } from '~/server/app';
import { idParam } from '~/server/http/params';
import { pollRef, resultsExport } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET pollResults/{id}/export/{kind}: 1 open text, 2 quiz list, 3 results table, 4 answers per alternative. */
export const GET: RouteHandler = (context) => resultsExport(context, (event, grants, query, t, format) =>
  app().pollResultsExport.pollExport(event, grants, pollRef(context), idParam(context, 'kind'), query, t, format));
