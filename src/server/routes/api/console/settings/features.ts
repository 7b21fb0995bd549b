import { FeaturesInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Turns features on or off per platform (`features`: the flags to change); answers the settings. */
export const POST = route({
  method: 'POST', path: '/api/console/settings/features', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: FeaturesInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.settings.setFeatures(organiser, input.body.features)),
});
