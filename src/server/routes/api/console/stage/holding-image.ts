import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf, readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Sets the picture before the first frame (`holdingImageUrl`; null: the live background image). */
export const POST: RouteHandler = (context) => respond(async () => {
  const body = await readConsoleBody(context.request);
  return jsonAnswer(await app().console.stage.setHoldingImage(organiserOf(context), body['holdingImageUrl'], context.url.hostname));
});
