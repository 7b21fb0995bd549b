import { app } from '~/server/app';
import { resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET pollResults: the generic results page's quiz, template and group lists. */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants) => app().pollResults.index(event, grants));
