import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { CONSOLE_TIMELINE_COUNT } from '~/server/console/console.service';
import { consoleCallOf } from '~/server/console/console.http';
import { keptJsonResponse } from '~/server/http/kept-json';

/** The newest posts and promoted items of every platform with their comments, for moderation: the text the timeline's read model keeps. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { organiser, event } = consoleCallOf(context);
  return keptJsonResponse(context, (await app().console.timeline(organiser, event, CONSOLE_TIMELINE_COUNT)).answer, {});
});
