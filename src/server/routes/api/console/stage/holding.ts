import { HoldingShownSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Shows the holding picture over every attendee's player (`shown: true`, a break) or goes back to the stream (`false`). */
export const POST = route({
  method: 'POST', path: '/api/console/stage/holding', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: HoldingShownSchema },
  handle: async (context) => jsonAnswer(await app().console.stage.showHolding(context.organiser, context.input.body.shown)),
});
