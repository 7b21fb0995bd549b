import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { pollRef, resultsExport } from '~/server/http/results-call';

/** SPEC §7 GET templateResults/{id}/export: the template's rating list, as templateResults/{id} gives it. */
export const GET: APIRoute = (context) => resultsExport(context, (event, grants, query, t, format) =>
  app().pollResultsExport.templateRatingsExport(event, grants, pollRef(context), query, t, format));
