import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Takes the poll off the stage; answers how many promoted items went. */
export const POST: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.polls.unpromote(organiserOf(context), context.params['pollId'])));
