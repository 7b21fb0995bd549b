import { PlatformSchema } from '~/contracts/timeline';
import { app } from '~/server/app';
import { JSON_TYPE, NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import * as v from 'valibot';
import type { RouteHandler } from '~/server/http/route-context';
import { bytesAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET getPromotedTimelineItems: the promoted items of the platform (`?platform=webApp`), newest first. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { platform } = parseQuery(v.object({ platform: PlatformSchema }), context.url);
  return bytesAnswer(Buffer.from(await app().timeline.promotedJson(event, user.userId, platform)), { headers: { ...JSON_TYPE, ...NO_STORE } });
});
