import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The stage's stream and holding picture. */
export const GET: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.stage.current(organiserOf(context))));
