import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';

/** SPEC §7 GET templateResults/{id} (docs/poll-results.md): the rating list of a template: title and average of each poll run from it. */
export const GET: APIRoute = (context) => resultsGet(context, (event, grants, query) => app().pollResults.templateResults(event, grants, pollRef(context), query));
