import { PromotionSchema, TimelinePathSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Promotes a post (`linkMode`, `link`, `linkText`, `platforms`); attendees see it among the promoted items at once. */
export const POST = route({
  method: 'POST', path: '/api/console/timeline/:timelineId/promote', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: TimelinePathSchema, body: PromotionSchema },
  handle: async (context) => {
    return jsonAnswer(await app().console.moderation.promote(context.organiser, context.input.params.timelineId, context.input.body));
  },
});
