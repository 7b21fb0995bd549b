import { RECORDING_COOKIE, RECORDING_COOKIE_PATH, RECORDING_COOKIE_TTL_S, signingKey, signRecordingCookie } from '~/server/assets/recording-cookie';
import { config } from '~/server/config';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §4/§7: before playing a recording the client asks for the cookie that lets its player fetch it. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/generateSignedCookies', who: 'member', sideEffects: false, cache: 'private',
  handle: (context) => {
    const { event } = context;
    const expires = Math.floor(Date.now() / 1000) + RECORDING_COOKIE_TTL_S;
    context.cookies.set(RECORDING_COOKIE, signRecordingCookie(signingKey(config().dataDir), event.eventId, expires), {
      httpOnly: true, sameSite: 'lax', secure: context.url.protocol === 'https:', path: RECORDING_COOKIE_PATH, maxAge: RECORDING_COOKIE_TTL_S,
    });
    const cookieInfo = { name: RECORDING_COOKIE, path: RECORDING_COOKIE_PATH, expires: new Date(expires * 1000).toISOString() };
    return jsonAnswer({ cookieInfo }, { headers: NO_STORE });
  },
});
