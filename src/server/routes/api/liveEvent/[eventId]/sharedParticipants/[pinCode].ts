import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 shared list by event id and pinCode: no login, the PIN is the key; a wrong one is 404 and counts against the address. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const t = translator(event.locale);
  const list = await app().sharedLists.list(event, context.params['pinCode'] ?? '', clientAddressOf(context), (key) => t(key));
  return jsonAnswer(list, { headers: NO_STORE });
});
