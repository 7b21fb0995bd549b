import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';

/** SPEC §7 GET templatePollResults/{id} (docs/poll-results.md): every poll run from the template {id}, with the table of their answers. */
export const GET: APIRoute = (context) => resultsGet(context, (event, grants, query) => app().pollResults.templatePollResults(event, grants, pollRef(context), query));
