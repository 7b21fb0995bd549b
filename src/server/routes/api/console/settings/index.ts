import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The event's settings as the Settings page edits them (docs/console.md "Settings"); never the passwords. */
export const GET = route({
  method: 'GET', path: '/api/console/settings', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async ({ organiser }) => jsonAnswer(await app().console.settings.read(organiser)),
});
