import type { UpdateUserInput } from '~/contracts/profile';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { FieldsSchema } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7 updateUser (JSON or form); docs/product.md §5 rules with their messages; Email/Phone read-only (422). */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/updateUser', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  // The profile's fields: the profile checks them with their own messages (422 for the read-only ones).
  input: { body: FieldsSchema },
  handle: async (context) => {
    const { event, user } = context;
    const input = context.input.body as unknown as UpdateUserInput;
    const userModuleResult = await app().profile.update(event.eventId, user.userId, input);
    return jsonAnswer({ userModuleResult });
  },
});
