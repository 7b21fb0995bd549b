import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 getTermsText/{id}: {id} is the signed-in user's own UserID; answers the event's terms. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  if (context.params['id'] !== String(user.userId)) throw new DomainError('terms.forbidden', 'Only your own terms');
  const termsText = await app().profile.termsText(event.eventId);
  return jsonAnswer({ termsText });
});
