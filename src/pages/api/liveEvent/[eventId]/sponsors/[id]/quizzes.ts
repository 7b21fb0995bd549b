import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';

/** SPEC §7 GET sponsors/{id}/quizzes: the sponsor's quizzes. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return Response.json(await app().sponsors.quizzes(event, idParam(context), user.userId, platformOf(context)), { headers: NO_STORE });
});
