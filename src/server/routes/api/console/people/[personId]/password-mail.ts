import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { route } from '~/server/http/route-rules';
import { PersonParams } from './index';

/** Mails the attendee a new password, theirs once they log in with it (password recovery's rules and limits). */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId/password-mail', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams },
  handle: async ({ organiser, event, input }) => {
    await app().people.sendPasswordMail(organiser, event, input.params.personId);
    return new Response(null, { status: 204 });
  },
});
