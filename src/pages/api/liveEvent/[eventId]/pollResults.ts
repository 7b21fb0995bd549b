import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { resultsGet } from '~/server/http/results-call';

/** SPEC §7 GET pollResults: the generic results page's quiz, template and group lists. */
export const GET: APIRoute = (context) => resultsGet(context, (event, grants) => app().pollResults.index(event, grants));
