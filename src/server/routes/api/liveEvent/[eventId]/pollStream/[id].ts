import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET pollStream/{id} (docs/poll-results.md): one poll's open-text answers and comments, visible first, then newest. */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollStream(event, grants, pollRef(context), query));
