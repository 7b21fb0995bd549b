import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET templatePollResults/{id} (docs/poll-results.md): every poll run from the template {id}, with the table of their answers. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/templatePollResults/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.templatePollResults(event, grants, pollRef(context), query)),
});
