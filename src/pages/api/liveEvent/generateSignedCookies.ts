import type { APIRoute } from 'astro';
import { RECORDING_COOKIE, RECORDING_COOKIE_PATH, RECORDING_COOKIE_TTL_S, signingKey, signRecordingCookie } from '~/server/assets/recording-cookie';
import { config } from '~/server/config';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';

/** SPEC §4/§7: before playing a recording the client asks for the cookie that lets its player fetch it. */
export const GET: APIRoute = ({ locals, cookies, url }) => respond(async () => {
  const event = requireEvent(locals);
  requireUser(locals);
  const expires = Math.floor(Date.now() / 1000) + RECORDING_COOKIE_TTL_S;
  cookies.set(RECORDING_COOKIE, signRecordingCookie(signingKey(config().dataDir), event.eventId, expires), {
    httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:', path: RECORDING_COOKIE_PATH, maxAge: RECORDING_COOKIE_TTL_S,
  });
  return Response.json(
    { cookieInfo: { name: RECORDING_COOKIE, path: RECORDING_COOKIE_PATH, expires: new Date(expires * 1000).toISOString() } },
    { headers: { 'cache-control': 'no-store' } },
  );
});
