import { QuizAnswerSchema } from '~/contracts/polls';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST quizAnswer (quizId, items [{ id, pollId, answers, comment }], optional templateId), JSON or form fields; answers the poll as the caller now sees it. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const input = parseInput(QuizAnswerSchema, await readFields(context.request));
  return jsonAnswer(await app().polls.quizAnswer(event, user.userId, input, platformOf(context)), { headers: NO_STORE });
});
