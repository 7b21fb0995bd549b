import * as v from 'valibot';
import { ChatHistoryQuerySchema, SendMessageSchema } from '~/contracts/chat';
import { route } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { PathIdSchema, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7 POST chat/{chatId} { message }: plain text, 1–2000 characters; `data` is the stored message. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/chat/:chatId', who: 'member', sideEffects: true, idempotent: true, cache: 'private', bodyLimit: 16 * 1024, input: { params: v.object({ chatId: PathIdSchema }), body: SendMessageSchema },
  handle: async (context) => {
    const { event, user } = context;
    const chatId = context.input.params.chatId;
    const { message } = context.input.body;
    return jsonAnswer({ data: await app().chat.send(event, user, chatId, message, platformOf(context)) }, { headers: NO_STORE });
  },
});

/** GET chat/{chatId}?before=&count= (beyond docs/product.md §7): older messages of a chat, for members only. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/chat/:chatId', who: 'member', sideEffects: false, cache: 'private', input: { params: v.object({ chatId: PathIdSchema }), query: ChatHistoryQuerySchema },
  handle: async (context) => {
    const { event, user } = context;
    const chatId = context.input.params.chatId;
    const { before, count } = context.input.query;
    return jsonAnswer(await app().chat.history(event, user, chatId, before, count, platformOf(context)), { headers: NO_STORE });
  },
});
