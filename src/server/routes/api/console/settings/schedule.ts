import { ScheduleInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets the event's time zone and its start and end, as wall times of that zone. */
export const POST = route({
  method: 'POST', path: '/api/console/settings/schedule', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: ScheduleInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.settings.setSchedule(organiser, input.body)),
});
