import { SpeakerQuerySchema } from '~/contracts/speakers';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 liveGetSpeakerInfo?page&size&search&category (size 20): one page of speakers for attendees. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  const query = parseQuery(SpeakerQuerySchema, context.url);
  return jsonAnswer(await app().speakers.getPublicSpeakers(event, query), { headers: NO_STORE });
});
