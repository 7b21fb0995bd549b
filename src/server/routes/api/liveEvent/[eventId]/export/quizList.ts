import { app } from '~/server/app';
import { resultsExport } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET export/quizList: the quizzes and polls this results session may see. */
export const GET: RouteHandler = (context) => resultsExport(context, (event, grants, _query, t, format) => app().pollResultsExport.quizList(event, grants, t, format));
