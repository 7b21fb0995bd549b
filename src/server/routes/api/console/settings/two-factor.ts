import { TwoFactorInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Turns two-factor login on or off for the event's attendees. */
export const POST = route({
  method: 'POST', path: '/api/console/settings/two-factor', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: TwoFactorInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.settings.setTwoFactor(organiser, input.body.on)),
});
