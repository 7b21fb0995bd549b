import { app } from '~/server/app';
import { RESULTS_INPUT, resultsExport } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET export/quizList: the quizzes and polls this results session may see. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/export/quizList', who: 'results', sideEffects: false, cache: 'private', input: RESULTS_INPUT,
  handle: (context) => resultsExport(context, (event, grants, _query, t, format) => app().pollResultsExport.quizList(event, grants, t, format)),
});
