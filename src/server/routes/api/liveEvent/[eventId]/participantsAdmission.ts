import { AdmissionQuerySchema } from '~/contracts/admission';
import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readJsonBody } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { resultsCall } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST participantsAdmission (fromDate, toDate, groups): scanned-in and not scanned-in lists. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, grants } = await resultsCall(context);
  const query = parseInput(AdmissionQuerySchema, await readJsonBody(context.request));
  const t = translator(event.locale);
  return jsonAnswer(await app().admission.lists(event, grants, query, (key) => t(key)), { headers: NO_STORE });
});
