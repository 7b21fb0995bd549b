import { app } from '~/server/app';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { idParam } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { LeadSchema } from '~/contracts/sponsors';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST sponsors/{id}/contactForm: the public lead form (no login), limited per address. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const sponsorId = idParam(context);
  const lead = parseInput(LeadSchema, await readFields(context.request));
  await app().leads.submitLead(event, sponsorId, lead, clientAddressOf(context), context.locals.t);
  return jsonAnswer({ data: true });
});
