import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { LeadSchema } from '~/contracts/sponsors';
import { pathEvent } from '~/server/http/public-api';
import { readFields } from '~/server/http/read-body';
import { parseInput } from '~/server/http/respond';
import { idParam } from '~/server/sponsors/sponsor-http';

/** SPEC §7 POST sponsors/{id}/contactForm: the public lead form (no login), limited per address. */
export const POST: APIRoute = (context) => respond(async () => {
  const event = await pathEvent(context);
  const sponsorId = idParam(context);
  const lead = parseInput(LeadSchema, await readFields(context.request, 32 * 1024));
  await app().leads.submitLead(event, sponsorId, lead, context.clientAddress, context.locals.t);
  return Response.json({ data: true });
});
