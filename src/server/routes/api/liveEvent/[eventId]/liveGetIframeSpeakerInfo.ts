import { SpeakerQuerySchema } from '~/contracts/speakers';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 liveGetIframeSpeakerInfo?page&size&search&category: one page of speakers for visitors. */
export const GET: RouteHandler = (context) => respond(async () => {
  const query = parseQuery(SpeakerQuerySchema, context.url);
  const { event } = await publicCall(context);
  return jsonAnswer(await app().speakers.getPublicSpeakers(event, query), { headers: PUBLIC_SHORT });
});
