import { BrandingInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets the branding's colours, live background picture and logo; answers the settings and the pairs under 4.5:1 contrast. */
export const POST = route({
  method: 'POST', path: '/api/console/settings/branding', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: BrandingInputSchema },
  handle: async ({ organiser, input, url }) => jsonAnswer(await app().console.settings.setBranding(organiser, input.body, url.hostname)),
});
