import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { ContactMessageSchema } from '~/contracts/sponsors';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST sendContactMessage (form SponsorId, Message); an empty message is a 400 (SPEC §5). */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const input = parseInput(ContactMessageSchema, await readFields(context.request));
  await app().leads.sendMessage(event, user, input.SponsorId, input.Message, platformOf(context), context.locals.t);
  return jsonAnswer({ data: true });
});
