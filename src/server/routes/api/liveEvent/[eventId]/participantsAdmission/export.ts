import { AdmissionExportSchema } from '~/contracts/admission';
import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { readJsonBody } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { exportResponse, resultsCall } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 POST participantsAdmission/export (plus addAdmittedRows, addNoAdmitedRows, format): XLSX or CSV. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, grants } = await resultsCall(context);
  const query = parseInput(AdmissionExportSchema, await readJsonBody(context.request));
  const t = translator(event.locale);
  return exportResponse(query.format, await app().admission.export(event, grants, query, (key) => t(key)));
});
