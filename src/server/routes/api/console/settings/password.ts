import { PasswordInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets or changes the results or the admission password (stored hashed; the sessions of the old one end). */
export const POST = route({
  method: 'POST', path: '/api/console/settings/password', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: PasswordInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.settings.setPassword(organiser, input.body.kind, input.body.password)),
});
