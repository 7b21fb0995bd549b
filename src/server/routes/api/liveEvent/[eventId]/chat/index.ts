import { CreateChatSchema } from '~/contracts/chat';
import { route } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7 GET chat: the caller's chats (members, newest messages, unread) and `unreadTotal`. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/chat', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer(await app().chat.list(event, user, platformOf(context)), { headers: NO_STORE });
  },
});

/** docs/product.md §7 POST chat { userId }: the one chat of the pair, created when needed; `data` is its ChatID. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/chat', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, input: { body: CreateChatSchema },
  handle: async (context) => {
    const { event, user } = context;
    const { userId } = context.input.body;
    return jsonAnswer({ data: await app().chat.create(event, user, userId, platformOf(context)) }, { headers: NO_STORE });
  },
});
