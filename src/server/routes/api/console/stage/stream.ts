import { StreamChoiceSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Switches the main stream: `{ url }` (null: none) or `{ sessionId }`; attendees' players follow through event-change. */
export const POST = route({
  method: 'POST', path: '/api/console/stage/stream', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: StreamChoiceSchema },
  handle: async (context) => {
    return jsonAnswer(await app().console.stage.switchStream(context.organiser, context.input.body, context.url.hostname));
  },
});
