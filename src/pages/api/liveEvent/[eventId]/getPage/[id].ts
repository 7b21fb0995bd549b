import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET getPage/{id}: the page with Tekst personalised for the user and sanitised. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return Response.json(await app().content.page(event, await app().contentReaders.of(event, user), idParam(context)), { headers: PRIVATE });
});
