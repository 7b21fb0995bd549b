import { app } from '~/server/app';
import { readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Promotes a post (`linkMode`, `link`, `linkText`, `platforms`); attendees see it among the promoted items at once. */
export const POST = route({
  method: 'POST', path: '/api/console/timeline/:timelineId/promote', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  handle: async (context) => {
    const body = await readConsoleBody(context.request);
    return jsonAnswer(await app().console.moderation.promote(context.organiser, context.params['timelineId'], body));
  },
});
