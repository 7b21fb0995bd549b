import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET pollResults/{id} (docs/poll-results.md): a poll, quiz or hunt with its results and the participant table. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/pollResults/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollResults(event, grants, pollRef(context), query)),
});
