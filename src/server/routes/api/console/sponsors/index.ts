import { SponsorInputSchema } from '~/contracts/console-sponsors';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The event's sponsors in their order, with the levels (sponsor categories) the form offers. */
export const GET = route({
  method: 'GET', path: '/api/console/sponsors', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async ({ organiser }) => jsonAnswer(await app().console.sponsors.list(organiser)),
});

/** Adds a sponsor last, with a key of its own (the event file's); answers the sponsor. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: SponsorInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.create(organiser, input.body)),
});
