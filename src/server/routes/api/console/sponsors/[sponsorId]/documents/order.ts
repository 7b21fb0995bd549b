import * as v from 'valibot';
import { OrderInputSchema, RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Puts every document of a sponsor in the given order (`ids`, first to last), as its documents tab lists them; answers the sponsor. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId/documents/order', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema }), body: OrderInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.reorderDocuments(organiser, input.params.sponsorId, input.body.ids)),
});
