import type { APIRoute } from 'astro';
import { SendMessageSchema } from '~/contracts/chat';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';

/** SPEC §7 POST chat/{chatId} { message }: plain text, 1–2000 characters; `data` is the stored message. */
export const POST: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const chatId = idParam(context, 'chatId');
  const { message } = parseInput(SendMessageSchema, await readFields(context.request, 16 * 1024));
  return Response.json({ data: await app().chat.send(event, user, chatId, message) }, { headers: NO_STORE });
});
