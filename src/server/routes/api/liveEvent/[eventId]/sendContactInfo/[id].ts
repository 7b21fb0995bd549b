import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { idParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET sendContactInfo/{id}: shares the attendee's contact details with sponsor {id}. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  await app().leads.sendContactInfo(event, user, idParam(context), platformOf(context), context.locals.t);
  return jsonAnswer({ data: true });
});
