import { app } from '~/server/app';
import { idParam } from '~/server/http/params';
import { pollRef, resultsExport } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET pollTemplateResults/{id}/export/{kind}: a poll's export counting only answers given through a template (`templateId` narrows). */
export const GET: RouteHandler = (context) => resultsExport(context, (event, grants, query, t, format) =>
  app().pollResultsExport.pollTemplateExport(event, grants, pollRef(context), idParam(context, 'kind'), query, t, format));
