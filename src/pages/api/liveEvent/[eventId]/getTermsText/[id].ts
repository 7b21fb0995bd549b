import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';

/** SPEC §7 getTermsText/{id}: {id} is the signed-in user's own UserID; answers the event's terms. */
export const GET: APIRoute = ({ params, locals }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const user = requireUser(locals);
  if (params['id'] !== String(user.userId)) throw new DomainError('terms.forbidden', 'Only your own terms');
  const termsText = await app().profile.termsText(event.eventId);
  return Response.json({ termsText });
});
