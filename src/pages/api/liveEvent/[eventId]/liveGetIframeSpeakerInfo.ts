import { SpeakerQuerySchema } from '~/contracts/speakers';
import { apiRoute, parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/api-handler';
import { services } from '~/server/services';

/** SPEC §7 liveGetIframeSpeakerInfo?page&size&search&category: one page of speakers for visitors. */
export const GET = apiRoute(async (context) => {
  const query = parseQuery(SpeakerQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await services().speakers.getPublicSpeakers(event, query), { headers: PUBLIC_CACHE });
});
