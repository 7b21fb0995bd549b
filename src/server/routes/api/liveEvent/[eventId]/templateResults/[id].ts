import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET templateResults/{id} (docs/poll-results.md): the rating list of a template: title and average of each poll run from it. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/templateResults/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.templateResults(event, grants, pollRef(context), query)),
});
