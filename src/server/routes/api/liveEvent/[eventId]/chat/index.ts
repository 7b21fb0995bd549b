import { CreateChatSchema } from '~/contracts/chat';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET chat: the caller's chats (members, newest messages, unread) and `unreadTotal`. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return jsonAnswer(await app().chat.list(event, user, platformOf(context)), { headers: NO_STORE });
});

/** SPEC §7 POST chat { userId }: the one chat of the pair, created when needed; `data` is its ChatID. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { userId } = parseInput(CreateChatSchema, await readFields(context.request));
  return jsonAnswer({ data: await app().chat.create(event, user, userId, platformOf(context)) }, { headers: NO_STORE });
});
