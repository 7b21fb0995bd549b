import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The projector's data: a quiz's leaderboard, or an open-text poll's presented and visible answers. */
export const GET: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.present.view(organiserOf(context), context.params['pollId'])));
