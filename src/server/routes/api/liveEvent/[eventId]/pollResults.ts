import { app } from '~/server/app';
import { RESULTS_INPUT, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET pollResults: the generic results page's quiz, template and group lists. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/pollResults', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants) => app().pollResults.index(event, grants)),
});
