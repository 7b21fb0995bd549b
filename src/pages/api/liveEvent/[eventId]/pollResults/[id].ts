import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';

/** SPEC §7 GET pollResults/{id} (docs/poll-results.md): a poll, quiz or hunt with its results and the participant table. */
export const GET: APIRoute = (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollResults(event, grants, pollRef(context), query));
