import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET filteredPollResults/{id} (docs/poll-results.md): pollResults with fromDate, toDate and groups (every results call takes them). */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollResults(event, grants, pollRef(context), query));
