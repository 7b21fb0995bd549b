import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { resultsExport } from '~/server/http/results-call';

/** SPEC §7 GET export/quizList: the quizzes and polls this results session may see. */
export const GET: APIRoute = (context) => resultsExport(context, (event, grants, _query, t, format) => app().pollResultsExport.quizList(event, grants, t, format));
