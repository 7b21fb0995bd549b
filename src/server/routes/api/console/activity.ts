import { ActivityQuerySchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The console's activity, newest first: `?limit=` (1–200), `?before=` the id to page on from. */
export const GET = route({
  method: 'GET', path: '/api/console/activity', who: 'organiser', sideEffects: false, cache: 'private',
  input: { query: ActivityQuerySchema },
  handle: async (context) => jsonAnswer(await app().console.audit.list(context.organiser, context.input.query)),
});
