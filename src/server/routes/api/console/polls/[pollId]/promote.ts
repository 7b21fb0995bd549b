import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf, readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Puts the poll on the stage as a promoted item (`platforms`, default both); answers the item's id. */
export const POST: RouteHandler = (context) => respond(async () => {
  const body = await readConsoleBody(context.request);
  return jsonAnswer(await app().console.polls.promote(organiserOf(context), context.params['pollId'], body['platforms'] ?? undefined));
});
