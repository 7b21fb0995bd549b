import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { PersonParams } from './index';

/** Erases the attendee as "delete my account" does (docs/privacy.md); never the event's last organiser. */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId/delete', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams },
  handle: async ({ organiser, event, input, url }) =>
    jsonAnswer(await app().people.remove(organiser, event, input.params.personId, linkOriginFor(event.eventSlug, url.origin))),
});
