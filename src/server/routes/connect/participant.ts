import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { setResultsCookie } from '~/server/http/results-call';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const ConnectParticipant = v.object({
  password: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(1024)),
  accessKey: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

/**
 * docs/product.md §7 POST /connect/participant: opens an admission session (cookie `participant_results`).
 * A wrong password answers `false` as the contract says (and counts against the rate limit).
 */
export const POST = route({
  method: 'POST', path: '/connect/participant', who: 'login', sideEffects: true, cache: 'private', bodyLimit: 8 * 1024, input: { body: ConnectParticipant },
  handle: async (context) => {
    const { event } = context;
    const input = context.input.body;
    const session = await app().resultsLogin.connectParticipant(event, { ...input, address: clientAddressOf(context) });
    if (!session) return jsonAnswer(false, { headers: NO_STORE });
    setResultsCookie(context.cookies, session, context.url.protocol === 'https:');
    return jsonAnswer({ isLoginSuccess: true, marker: session.marker, resultsToken: session.token }, { headers: NO_STORE });
  },
});
