import { AttendeeSearchSchema } from '~/contracts/console-sponsors';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Attendees whose name or e-mail holds `search`, at most 20, to pick as a sponsor's contacts. */
export const GET = route({
  method: 'GET', path: '/api/console/sponsors/attendees', who: 'organiser', sideEffects: false, cache: 'private',
  input: { query: AttendeeSearchSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.attendees(organiser, input.query.search)),
});
