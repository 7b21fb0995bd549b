import { SpeakerQuerySchema } from '~/contracts/speakers';
import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';

/** SPEC §7 liveGetIframeSpeakerInfo?page&size&search&category: one page of speakers for visitors. */
export const GET: APIRoute = (context) => respond(async () => {
  const query = parseQuery(SpeakerQuerySchema, context.url);
  const { event } = await publicCall(context);
  return Response.json(await app().speakers.getPublicSpeakers(event, query), { headers: PUBLIC_SHORT });
});
