import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf, readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Promotes a post (`linkMode`, `link`, `linkText`, `platforms`); attendees see it among the promoted items at once. */
export const POST: RouteHandler = (context) => respond(async () => {
  const body = await readConsoleBody(context.request);
  return jsonAnswer(await app().console.moderation.promote(organiserOf(context), context.params['timelineId'], body));
});
