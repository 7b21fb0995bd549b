import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET templatePollResults/{id} (docs/poll-results.md): every poll run from the template {id}, with the table of their answers. */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.templatePollResults(event, grants, pollRef(context), query));
