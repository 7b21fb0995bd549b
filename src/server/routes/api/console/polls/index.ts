import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The event's polls, quizzes and hunts with their state and answers so far. */
export const GET: RouteHandler = (context) => respond(async () => jsonAnswer(await app().console.polls.list(organiserOf(context))));
