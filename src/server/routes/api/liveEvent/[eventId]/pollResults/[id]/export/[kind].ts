import { app } from '~/server/app';
import { RESULTS_EXPORT_INPUT, pollRef, resultsExport } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET pollResults/{id}/export/{kind}: 1 open text, 2 quiz list, 3 results table, 4 answers per alternative. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/pollResults/:id/export/:kind', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_EXPORT_INPUT,
  handle: (context) => resultsExport(context, (event, grants, query, t, format) =>
    app().pollResultsExport.pollExport(event, grants, pollRef(context), context.input.params.kind, query, t, format)),
});
