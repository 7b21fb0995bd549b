import { app } from '~/server/app';
import { RESULTS_EXPORT_INPUT, pollRef, resultsExport } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET templateResults/{id}/export/{kind}: the polls answered through template {id}, from those answers only (1, 3, 4; 2 lists the polls). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/templateResults/:id/export/:kind', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_EXPORT_INPUT,
  handle: (context) => resultsExport(context, (event, grants, query, t, format) =>
    app().pollResultsExport.templateExport(event, grants, pollRef(context), context.input.params.kind, query, t, format)),
});
