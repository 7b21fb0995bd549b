import { app } from '~/server/app';
import { idParam } from '~/server/http/params';
import { pollRef, resultsExport } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET templateResults/{id}/export/{kind}: the polls answered through template {id}, from those answers only (1, 3, 4; 2 lists the polls). */
export const GET: RouteHandler = (context) => resultsExport(context, (event, grants, query, t, format) =>
  app().pollResultsExport.templateExport(event, grants, pollRef(context), idParam(context, 'kind'), query, t, format));
