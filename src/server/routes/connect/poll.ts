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

// SPEC §5: the results password is not checked for length (beyond a sane bound).
const ConnectPoll = v.object({
  password: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(1024)),
  pollAccessKey: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{0,100}$/, 'is not an access key'), v.transform((key) => key || undefined))),
});

/** SPEC §7 POST /connect/poll: opens a results session (cookie `private_results_{key}` or `private_results_generic`). */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const input = parseInput(ConnectPoll, await readFields(context.request));
  const result = await app().resultsLogin.connectPoll(event, { ...input, address: clientAddressOf(context) });
  if (result.session) setResultsCookie(context.cookies, result.session, context.url.protocol === 'https:');
  return jsonAnswer({
    isLoginSuccess: result.isLoginSuccess, isGenericLogin: result.isGenericLogin,
    ...(result.session ? { marker: result.session.marker, resultsToken: result.session.token } : {}),
  }, { headers: NO_STORE });
});
