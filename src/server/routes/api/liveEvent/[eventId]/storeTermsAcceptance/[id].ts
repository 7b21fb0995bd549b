import * as v from 'valibot';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { memberCall } from '~/server/http/call';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Acceptance = v.object({ termsText: v.pipe(v.string('is required'), v.maxLength(200_000)) });

/** SPEC §7 storeTermsAcceptance/{id} ({id}: own UserID): stores the accepted text and time. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  if (context.params['id'] !== String(user.userId)) throw new DomainError('terms.forbidden', 'Only your own terms');
  const { termsText } = parseInput(Acceptance, await readFields(context.request));
  return jsonAnswer(await app().profile.acceptTerms(event.eventId, user.userId, termsText));
});
