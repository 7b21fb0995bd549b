import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Deletes every answer to the poll (the console confirms first); answers how many went. */
export const POST: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.polls.reset(organiserOf(context), context.params['pollId'])));
