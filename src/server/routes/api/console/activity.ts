import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf, queryNumber } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The console's activity, newest first: `?limit=` (1–200), `?before=` the id to page on from. */
export const GET: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.audit.list(organiserOf(context), {
  limit: queryNumber(context, 'limit'), before: queryNumber(context, 'before'),
})));
