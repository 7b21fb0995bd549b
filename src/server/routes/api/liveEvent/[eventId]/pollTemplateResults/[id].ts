import { app } from '~/server/app';
import { pollRef, resultsGet } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET pollTemplateResults/{id} (docs/poll-results.md): a poll counting only the answers given through a template (templateId narrows). */
export const GET: RouteHandler = (context) => resultsGet(context, (event, grants, query) => app().pollResults.pollTemplateResults(event, grants, pollRef(context), query));
