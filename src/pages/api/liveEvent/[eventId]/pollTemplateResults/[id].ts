import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';

/** SPEC §7 GET pollTemplateResults/{id} (docs/poll-results.md): a poll counting only the answers given through a template (templateId narrows). */
export const GET: APIRoute = (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollTemplateResults(event, grants, pollRef(context), query));
