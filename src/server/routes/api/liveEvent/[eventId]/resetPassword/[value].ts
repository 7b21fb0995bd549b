import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Reset = v.object({ value: v.pipe(v.string(), v.trim(), v.email('is not a valid e-mail address'), v.maxLength(320)) });

/** SPEC §7 recovery by e-mail: always `{ emailSent: true }`, so nobody learns who has an account. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  let raw = context.params['value'] ?? '';
  try { raw = decodeURIComponent(raw); } catch { /* left as sent: the e-mail check names it */ }
  const { value } = parseInput(Reset, { value: raw });
  await app().recovery.byEmail({ event, email: value, address: clientAddressOf(context) });
  return jsonAnswer({ emailSent: true }, { headers: NO_STORE });
});
