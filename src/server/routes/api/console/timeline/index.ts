import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { CONSOLE_TIMELINE_COUNT } from '~/server/console/console.service';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The newest posts and promoted items of every platform with their comments, for moderation. */
export const GET: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.timeline(organiserOf(context), CONSOLE_TIMELINE_COUNT)));
