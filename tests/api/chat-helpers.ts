import type { Attendee } from './attendee-factory';
import { call, type HttpResponse, type TestServer } from './harness';

export interface ChatEventRef {
  id: number;
  host: string;
}

/** The chat calls of docs/product.md §7 for one event, as `who`. */
export function chatApi(server: TestServer, event: ChatEventRef) {
  const path = (rest: string) => `/api/liveEvent/${event.id}/chat${rest}`;
  const send = (who: Attendee, method: string, rest: string, body?: unknown): Promise<HttpResponse> => call(server, path(rest), {
    host: event.host, method,
    headers: { ...who.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    list: (who: Attendee) => send(who, 'GET', ''),
    create: (who: Attendee, userId: unknown) => send(who, 'POST', '', { userId }),
    support: (who: Attendee) => send(who, 'POST', '/support'),
    post: (who: Attendee, chatId: number | string, message: unknown) => send(who, 'POST', `/${chatId}`, { message }),
    read: (who: Attendee, chatId: number | string) => send(who, 'PUT', `/${chatId}/read`),
    /** GET chat/{chatId} with a query string such as `?before=12&count=20`. */
    history: (who: Attendee, chatId: number | string, query = '') => send(who, 'GET', `/${chatId}${query}`),
    /** Creates the chat of the pair and answers its id (throws on anything but 200). */
    async open(who: Attendee, other: Attendee): Promise<number> {
      const res = await send(who, 'POST', '', { userId: other.id });
      if (res.status !== 200) throw new Error(`create chat: ${res.status} ${res.body}`);
      return res.json<{ data: number }>().data;
    },
  };
}
