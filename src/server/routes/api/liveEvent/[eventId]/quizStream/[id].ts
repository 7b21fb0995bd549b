import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET quizStream/{id} (docs/poll-results.md): a quiz's or hunt's items with their results and averages. */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.quizStream(event, grants, pollRef(context), query));
