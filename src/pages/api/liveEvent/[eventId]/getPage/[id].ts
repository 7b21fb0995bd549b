import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { contentService } from '~/server/content/content.wiring';
import { readerOf } from '~/server/content/reader';
import { idParam, memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET getPage/{id}: the page with Tekst personalised for the user and sanitised. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return Response.json(await contentService().page(event, await readerOf(event, user), idParam(context)), { headers: PRIVATE });
});
