import { app } from '~/server/app';
import { platformOf } from '~/server/http/params';
import { ContactMessageSchema } from '~/contracts/sponsors';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST sendContactMessage (form SponsorId, Message); an empty message is a 400 (docs/product.md §5). */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/sendContactMessage', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 32 * 1024, input: { body: ContactMessageSchema },
  handle: async (context) => {
    const { event, user } = context;
    const input = context.input.body;
    await app().leads.sendMessage(event, user, input.SponsorId, input.Message, platformOf(context), context.locals.t);
    return jsonAnswer({ data: true });
  },
});
