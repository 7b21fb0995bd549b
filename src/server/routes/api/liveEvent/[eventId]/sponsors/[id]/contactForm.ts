import { app } from '~/server/app';
import { clientAddressOf } from '~/server/http/client';
import { IdParams } from '~/server/http/params';
import { LeadSchema } from '~/contracts/sponsors';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST sponsors/{id}/contactForm: the public lead form (no login), limited per address. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/sponsors/:id/contactForm', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: 32 * 1024, input: { params: IdParams, body: LeadSchema },
  handle: async (context) => {
    const { event } = context;
    const sponsorId = context.input.params.id;
    const lead = context.input.body;
    await app().leads.submitLead(event, sponsorId, lead, clientAddressOf(context), context.locals.t);
    return jsonAnswer({ data: true });
  },
});
