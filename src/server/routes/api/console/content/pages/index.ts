import { InfoPageInputSchema } from '~/contracts/console-content';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { PAGE_BODY } from './page-body';

/** Adds an information page last, its text sanitised; answers the page. */
export const POST = route({
  method: 'POST', path: '/api/console/content/pages', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: PAGE_BODY, limit: 'console',
  input: { body: InfoPageInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.content.createPage(organiser, input.body)),
});
