import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { route } from '~/server/http/route-rules';
import { PersonParams } from './index';

/** Mails the attendee a login link (the outbox when no SMTP is set); three per attendee in 15 minutes. */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId/login-link', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams },
  handle: async ({ organiser, event, input, url }) => {
    await app().people.sendLoginLink(organiser, event, input.params.personId, linkOriginFor(event.eventSlug, url.origin));
    return new Response(null, { status: 204 });
  },
});
