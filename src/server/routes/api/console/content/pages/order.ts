import { OrderInputSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Puts every information page of the event in the given order (`ids`, first to last); answers both lists. */
export const POST = route({
  method: 'POST', path: '/api/console/content/pages/order', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: OrderInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.content.reorderPages(organiser, input.body.ids)),
});
