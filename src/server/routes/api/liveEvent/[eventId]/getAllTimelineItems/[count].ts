import { app } from '~/server/app';
import { JSON_TYPE, NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readPageQuery } from '~/server/timeline/timeline.http';
import type { RouteHandler } from '~/server/http/route-context';
import { bytesAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET getAllTimelineItems/{count} (1–100); `?before={TimelineID}` pages to older posts (the next cursor: header X-Next-Before), `?platform=webApp` for the web app. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { json, nextBefore } = await app().timeline.pageJson(event, user.userId, readPageQuery(context));
  // The body stays the SPEC's array; the cursor of the next older page rides in a header.
  return bytesAnswer(Buffer.from(json), { headers: { ...JSON_TYPE, ...NO_STORE, ...(nextBefore === null ? {} : { 'x-next-before': String(nextBefore) }) } });
});
