import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { publicCall } from '~/server/http/call';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { setResultsCookie } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

const ConnectParticipant = v.object({
  password: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(1024)),
  accessKey: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

/**
 * SPEC §7 POST /connect/participant: opens an admission session (cookie `participant_results`).
 * A wrong password answers `false` as the contract says (and counts against the rate limit).
 */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const input = parseInput(ConnectParticipant, await readFields(context.request));
  const session = await app().resultsLogin.connectParticipant(event, { ...input, address: clientAddressOf(context) });
  if (!session) return jsonAnswer(false, { headers: NO_STORE });
  setResultsCookie(context.cookies, session, context.url.protocol === 'https:');
  return jsonAnswer({ isLoginSuccess: true, marker: session.marker, resultsToken: session.token }, { headers: NO_STORE });
});
