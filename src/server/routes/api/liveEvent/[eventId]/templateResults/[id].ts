import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET templateResults/{id} (docs/poll-results.md): the rating list of a template: title and average of each poll run from it. */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.templateResults(event, grants, pollRef(context), query));
