import { app } from '~/server/app';
import { RESULTS_EXPORT_INPUT, pollRef, resultsExport } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET pollTemplateResults/{id}/export/{kind}: a poll's export counting only answers given through a template (`templateId` narrows). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/pollTemplateResults/:id/export/:kind', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_EXPORT_INPUT,
  handle: (context) => resultsExport(context, (event, grants, query, t, format) =>
    app().pollResultsExport.pollTemplateExport(event, grants, pollRef(context), context.input.params.kind, query, t, format)),
});
