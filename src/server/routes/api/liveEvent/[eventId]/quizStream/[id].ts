import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET quizStream/{id} (docs/poll-results.md): a quiz's or hunt's items with their results and averages. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/quizStream/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.quizStream(event, grants, pollRef(context), query)),
});
