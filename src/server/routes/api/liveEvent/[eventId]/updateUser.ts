import type { UpdateUserInput } from '~/contracts/profile';
import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { readFields } from '~/server/http/read-body';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 updateUser (JSON or form); SPEC §5 rules with their messages; Email/Phone read-only (422). */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const input = (await readFields(context.request)) as unknown as UpdateUserInput;
  const userModuleResult = await app().profile.update(event.eventId, user.userId, input);
  return jsonAnswer({ userModuleResult });
});
