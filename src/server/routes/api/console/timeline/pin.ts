import { AnnouncementSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Pins an announcement among the promoted items (`message`, `linkMode`, `link`, `linkText`, `platforms`). */
export const POST = route({
  method: 'POST', path: '/api/console/timeline/pin', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: AnnouncementSchema },
  handle: async (context) => {
    return jsonAnswer(await app().console.moderation.pin(context.organiser, context.input.body));
  },
});
