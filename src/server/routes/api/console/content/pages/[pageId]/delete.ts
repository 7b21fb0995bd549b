import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Deletes an information page. */
export const POST = route({
  method: 'POST', path: '/api/console/content/pages/:pageId/delete', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ pageId: RowIdSchema }) },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.content.removePage(organiser, input.params.pageId)),
});
