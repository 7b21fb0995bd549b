import { SpeakerInputSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The event's speakers in their order, with the speaker categories the form offers. */
export const GET = route({
  method: 'GET', path: '/api/console/speakers', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async ({ organiser }) => jsonAnswer(await app().console.speakers.list(organiser)),
});

/** Adds a speaker last, with a key of its own (the event file's); answers the speaker. */
export const POST = route({
  method: 'POST', path: '/api/console/speakers', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: SpeakerInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.speakers.create(organiser, input.body)),
});
