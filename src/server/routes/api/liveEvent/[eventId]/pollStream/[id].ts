import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET pollStream/{id} (docs/poll-results.md): one poll's open-text answers and comments, visible first, then newest. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/pollStream/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollStream(event, grants, pollRef(context), query)),
});
