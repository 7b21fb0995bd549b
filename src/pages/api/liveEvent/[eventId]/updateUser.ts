import type { APIRoute } from 'astro';
import type { UpdateUserInput } from '~/contracts/profile';
import { app } from '~/server/app';
import { readFields } from '~/server/http/read-body';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';

/** SPEC §7 updateUser (JSON or form); SPEC §5 rules with their messages; Email/Phone read-only (422). */
export const POST: APIRoute = ({ params, locals, request }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const user = requireUser(locals);
  const input = (await readFields(request)) as unknown as UpdateUserInput;
  const userModuleResult = await app().profile.update(event.eventId, user.userId, input);
  return Response.json({ userModuleResult });
});
