import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { SponsorInputSchema } from '~/contracts/console-sponsors';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const params = v.object({ sponsorId: RowIdSchema });

/** Saves a sponsor's fields (all of them: the form sends the whole sponsor); answers the sponsor. */
export const PUT = route({
  method: 'PUT', path: '/api/console/sponsors/:sponsorId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params, body: SponsorInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.update(organiser, input.params.sponsorId, input.body)),
});

/** Deletes a sponsor with its documents, meeting rooms and leads; its polls stay. */
export const DELETE = route({
  method: 'DELETE', path: '/api/console/sponsors/:sponsorId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.remove(organiser, input.params.sponsorId)),
});
