import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readPageQuery } from '~/server/timeline/timeline.http';

/** SPEC §7 GET getAllTimelineItems/{count} (1–100); `?before={TimelineID}` pages to older posts, `?platform=webApp` for the web app. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return Response.json(await app().timeline.page(event, user.userId, readPageQuery(context)), { headers: NO_STORE });
});
