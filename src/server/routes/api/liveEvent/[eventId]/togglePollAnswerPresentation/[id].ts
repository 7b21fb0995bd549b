import { TogglePresentationSchema } from '~/contracts/poll-results';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { idParam } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { resultsCall } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST togglePollAnswerPresentation/{pollId}: present, unpresent, hide or list again an open-text answer. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, grants } = await resultsCall(context);
  const pollId = idParam(context);
  const input = parseInput(TogglePresentationSchema, await readFields(context.request));
  return jsonAnswer(await app().pollResults.togglePresentation(event, grants, pollId, input), { headers: NO_STORE });
});
