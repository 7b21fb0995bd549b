import { CheckInSchema } from '~/contracts/check-in';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readJsonBody } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { resultsCall } from '~/server/http/results-call';
import { refuseCrossSite } from '~/server/http/same-origin';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Door check-in: `{ code }` (ticket key from the QR, or the typed ticket code) scans the holder in once. */
export const POST: RouteHandler = (context) => respond(async () => {
  refuseCrossSite(context.request, context.url);
  const { event, grants } = await resultsCall(context);
  const { code } = parseInput(CheckInSchema, await readJsonBody(context.request));
  return jsonAnswer(await app().checkIn.checkIn(event, grants, code), { headers: NO_STORE });
});
