import type { UpdateUserInput } from '~/contracts/profile';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { readFields } from '~/server/http/read-body';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7 updateUser (JSON or form); docs/product.md §5 rules with their messages; Email/Phone read-only (422). */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/updateUser', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const input = (await readFields(context.request)) as unknown as UpdateUserInput;
    const userModuleResult = await app().profile.update(event.eventId, user.userId, input);
    return jsonAnswer({ userModuleResult });
  },
});
