import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET pollResults/{id} (docs/poll-results.md): a poll, quiz or hunt with its results and the participant table. */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollResults(event, grants, pollRef(context), query));
