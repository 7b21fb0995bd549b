import { app } from '~/server/app';
import { pollRef, resultsExport } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET templateResults/{id}/export: the template's rating list, as templateResults/{id} gives it. */
export const GET: RouteHandler = (context) => resultsExport(context, (event, grants, query, t, format) =>
  app().pollResultsExport.templateRatingsExport(event, grants, pollRef(context), query, t, format));
