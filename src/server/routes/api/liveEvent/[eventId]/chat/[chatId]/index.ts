import { ChatHistoryQuerySchema, SendMessageSchema } from '~/contracts/chat';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam, parseQuery, platformOf } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST chat/{chatId} { message }: plain text, 1–2000 characters; `data` is the stored message. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const chatId = idParam(context, 'chatId');
  const { message } = parseInput(SendMessageSchema, await readFields(context.request));
  return jsonAnswer({ data: await app().chat.send(event, user, chatId, message, platformOf(context)) }, { headers: NO_STORE });
});

/** GET chat/{chatId}?before=&count= (beyond SPEC §7): older messages of a chat, for members only. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const chatId = idParam(context, 'chatId');
  const { before, count } = parseQuery(ChatHistoryQuerySchema, context.url);
  return jsonAnswer(await app().chat.history(event, user, chatId, before, count, platformOf(context)), { headers: NO_STORE });
});
