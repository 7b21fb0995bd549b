import { app } from '~/server/app';
import { platformOf } from '~/server/http/params';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET sendAllDocuments: e-mails the user links to every document of the platform. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sendAllDocuments', who: 'member', sideEffects: true, cache: 'private', limit: 'sendAllDocuments',
  handle: async (context) => {
    const { event, user } = context;
    const origin = linkOriginFor(event.eventSlug, context.url.origin);
    const sent = await app().content.sendAll(event, await app().contentReaders.of(event, user), platformOf(context), origin, context.locals.t);
    return jsonAnswer({ data: true, emailSent: true, documents: sent });
  },
});
