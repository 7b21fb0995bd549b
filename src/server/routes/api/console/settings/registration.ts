import { RegistrationInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Opens or closes registration and sets the capacity (null: unlimited); more room moves the waiting list up. */
export const POST = route({
  method: 'POST', path: '/api/console/settings/registration', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: RegistrationInputSchema },
  handle: async ({ organiser, input, event, url }) => jsonAnswer(await app().console.settings.setRegistration(organiser, input.body, { event, origin: linkOriginFor(event.eventSlug, url.origin) })),
});
