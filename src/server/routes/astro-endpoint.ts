import type { APIRoute } from 'astro';
import { asWebResponse } from '~/server/http/answer-bytes';
import { isUnrouted } from '~/server/http/router';
import { callRouter } from './route-table';

/**
 * The catch-all endpoints of src/pages hand their requests to the router, so `npm run dev` answers
 * calls through the same routes, guards and caches as production, where server.mjs calls the
 * router without Astro. A path the router has no route for is Astro's 404 page.
 */
export const ALL: APIRoute = async (context) => {
  const response = await callRouter.fetch(context.request, {
    locals: context.locals,
    rawUrl: context.url.pathname + context.url.search,
    clientAddress: () => context.clientAddress,
  });
  return isUnrouted(response) ? context.rewrite('/404') : asWebResponse(response);
};
