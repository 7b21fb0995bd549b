import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf, readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Pins an announcement among the promoted items (`message`, `linkMode`, `link`, `linkText`, `platforms`). */
export const POST: RouteHandler = (context) => respond(async () => {
  const body = await readConsoleBody(context.request);
  return jsonAnswer(await app().console.moderation.pin(organiserOf(context), body));
});
