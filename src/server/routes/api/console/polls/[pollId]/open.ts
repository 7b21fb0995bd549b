import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Opens the poll for answers; answers its state. */
export const POST: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.polls.open(organiserOf(context), context.params['pollId'])));
