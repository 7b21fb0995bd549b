import type { APIRoute } from 'astro';
import { ChatPeopleQuerySchema } from '~/contracts/chat';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';

/**
 * Not in SPEC §7: GET chat/people?search&page&size, the new-chat list (visible attendees but the
 * caller, by name). A stand-in for SPEC's `users` call until the participants work lands.
 */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const query = parseQuery(ChatPeopleQuerySchema, context.url);
  return Response.json({ data: await app().chat.people(event, user, query) }, { headers: NO_STORE });
});
