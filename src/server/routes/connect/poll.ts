import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { setResultsCookie } from '~/server/http/results-call';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

// docs/product.md §5: the results password is not checked for length (beyond a sane bound).
const ConnectPoll = v.object({
  password: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(1024)),
  pollAccessKey: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{0,100}$/, 'is not an access key'), v.transform((key) => key || undefined))),
});

/** docs/product.md §7 POST /connect/poll: opens a results session (cookie `private_results_{key}` or `private_results_generic`). */
export const POST = route({
  method: 'POST', path: '/connect/poll', who: 'login', sideEffects: true, cache: 'private', bodyLimit: 8 * 1024, input: { body: ConnectPoll },
  handle: async (context) => {
    const { event } = context;
    const input = context.input.body;
    const result = await app().resultsLogin.connectPoll(event, { ...input, address: clientAddressOf(context) });
    if (result.session) setResultsCookie(context.cookies, result.session, context.url.protocol === 'https:');
    return jsonAnswer({
      isLoginSuccess: result.isLoginSuccess, isGenericLogin: result.isGenericLogin,
      ...(result.session ? { marker: result.session.marker, resultsToken: result.session.token } : {}),
    }, { headers: NO_STORE });
  },
});
