import { app } from '~/server/app';
import { readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Switches the main stream: `{ url }` (null: none) or `{ sessionId }`; attendees' players follow through event-change. */
export const POST = route({
  method: 'POST', path: '/api/console/stage/stream', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  handle: async (context) => {
    const body = await readConsoleBody(context.request);
    return jsonAnswer(await app().console.stage.switchStream(context.organiser, body, context.url.hostname));
  },
});
