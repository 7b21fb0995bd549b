import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf, readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Shows (`publicResults: true`) or hides the poll's counts to attendees; answers its state. */
export const POST: RouteHandler = (context) => respond(async () => {
  const body = await readConsoleBody(context.request);
  return jsonAnswer(await app().console.polls.setResultsVisible(organiserOf(context), context.params['pollId'], body['publicResults']));
});
