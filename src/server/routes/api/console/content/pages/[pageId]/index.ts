import * as v from 'valibot';
import { InfoPageInputSchema } from '~/contracts/console-content';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { PAGE_BODY } from '../page-body';

/** Saves an information page (the form sends the whole page), its text sanitised; answers the page. */
export const POST = route({
  method: 'POST', path: '/api/console/content/pages/:pageId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: PAGE_BODY, limit: 'console',
  input: { params: v.object({ pageId: RowIdSchema }), body: InfoPageInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.content.updatePage(organiser, input.params.pageId, input.body)),
});
