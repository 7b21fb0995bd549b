import { app } from '~/server/app';
import { queryNumber } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The console's activity, newest first: `?limit=` (1–200), `?before=` the id to page on from. */
export const GET = route({
  method: 'GET', path: '/api/console/activity', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (context) => jsonAnswer(await app().console.audit.list(context.organiser, {
    limit: queryNumber(context, 'limit'), before: queryNumber(context, 'before'),
  })),
});
