import { app } from '~/server/app';
import { RESULTS_INPUT, pollRef, resultsExport } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET templateResults/{id}/export: the template's rating list, as templateResults/{id} gives it. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/templateResults/:id/export', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsExport(context, (event, grants, query, t, format) =>
    app().pollResultsExport.templateRatingsExport(event, grants, pollRef(context), query, t, format)),
});
