import type { Guard } from './chain';

/**
 * Names the request's route for /metrics: the route pattern (`/api/polls/[id]`), never the raw
 * URL, so the number of series stays bounded. server.mjs passes the locals object in and reads
 * `route` back when the answer is finished.
 */
export const routeLabel: Guard = (context, next) => {
  context.locals.route = context.routePattern;
  return next();
};
