import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { requireEvent } from '~/server/http/require';

const Resend = v.object({
  deliveryMethod: v.picklist(['email', 'sms'], 'must be email or sms'),
  payload: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(256)),
});

/** SPEC §7: a new passwordless link for the owner of an old one, by e-mail or SMS. */
export const POST: APIRoute = ({ params, request, locals, url, clientAddress }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const input = parseInput(Resend, await readFields(request));
  await app().identity.links.resend({
    event, payload: input.payload, method: input.deliveryMethod, address: clientAddress,
    origin: linkOriginFor(event.eventSlug, url.origin),
  });
  return Response.json({ sent: true }, { headers: { 'cache-control': 'no-store' } });
});
