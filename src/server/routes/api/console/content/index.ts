import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The event's information pages and documents in their order, with the `{{Field}}` names a page may use. */
export const GET = route({
  method: 'GET', path: '/api/console/content', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async ({ organiser }) => jsonAnswer(await app().console.content.list(organiser)),
});
