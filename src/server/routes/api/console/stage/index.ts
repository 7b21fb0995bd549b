import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';

/** The stage's stream and holding picture. */
export const GET: RouteHandler = (context) => respond(async () => Response.json(await app().console.stage.current(organiserOf(context))));
