import { TimelinePathSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Removes any post, comment or promoted item; attendees' timelines drop it at once. */
export const POST = route({
  method: 'POST', path: '/api/console/timeline/:timelineId/remove', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: TimelinePathSchema },
  handle: async (context) => {
    await app().console.moderation.remove(context.organiser, context.input.params.timelineId);
    return jsonAnswer({ removed: true });
  },
});
