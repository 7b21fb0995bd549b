import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsGet } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET pollTemplateResults/{id} (docs/poll-results.md): a poll counting only the answers given through a template (templateId narrows). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/pollTemplateResults/:id', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollTemplateResults(event, grants, pollRef(context), query)),
});
