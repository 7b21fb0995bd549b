import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { SponsorInputSchema } from '~/contracts/console-sponsors';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Saves a sponsor's fields (all of them: the form sends the whole sponsor); answers the sponsor. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema }), body: SponsorInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.update(organiser, input.params.sponsorId, input.body)),
});
