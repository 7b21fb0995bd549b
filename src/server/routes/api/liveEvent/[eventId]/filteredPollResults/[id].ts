import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET filteredPollResults/{id} (docs/poll-results.md): pollResults with fromDate, toDate and groups (every results call takes them). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/filteredPollResults/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollResults(event, grants, pollRef(context), query)),
});
