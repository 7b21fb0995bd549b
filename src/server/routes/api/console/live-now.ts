import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { consoleCallOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The console's Live now: attendees online, the open polls' answers and rate, unread support chats, the stream. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { organiser, event } = consoleCallOf(context);
  return jsonAnswer(await app().console.liveNow.snapshot(organiser, event));
});
