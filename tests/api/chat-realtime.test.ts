import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '~/contracts/realtime';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';
import { afterMarker, connect, type Client } from './realtime-helpers';

const REDIS_URL = process.env['TEST_REDIS_URL'];
// Asks for the realtime probe: a marker published after the chat frames (afterMarker).
const ADMIN_TOKEN = 'test-admin-token-chat-realtime';
const named = (name: string, chatId?: number) => (frame: ServerFrame) =>
  frame.type === 'event' && frame.name === name && (chatId === undefined || (frame.data as { chatId?: number }).chatId === chatId);
const chatFrames = (client: Client) => client.frames.filter((f) => f.type === 'event' && f.name.startsWith('chat-'));

/**
 * Chat events over real WebSockets: they reach the members of the chat, on every node, and no
 * other socket of the event (docs/chat.md). With TEST_REDIS_URL the same runs on two nodes.
 */
function chatRealtimeSuite(title: string, nodes: 1 | 2) {
  describe.skipIf(nodes === 2 && !REDIS_URL)(title, () => {
    let servers: TestServer[] = [];
    let f: Factories;
    let event: { id: number; slug: string; host: string };
    let databaseUrl: string | undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'ep-chat-rt-'));
    const sockets: Client[] = [];

    beforeAll(async () => {
      databaseUrl = await freshDatabaseUrl();
      const env: Record<string, string> = { SEED_DEMO: '0', ADMIN_TOKEN };
      if (nodes === 2) Object.assign(env, { REDIS_URL: REDIS_URL ?? '', REDIS_PREFIX: `ep-chat-${process.pid}-${Date.now()}:` });
      const shared = { env, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
      // One after the other: the first migrates the shared database.
      servers = [await startServer(shared)];
      if (nodes === 2) servers.push(await startServer(shared));
      f = factories(servers[0]!);
      event = await f.newEvent({ features: featuresOn('stageSupport', 'stageChatEnabled') });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.ws.close();
      await f?.close();
      for (const server of servers) await server.stop();
      await dropDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    });

    const socketOf = async (who: Attendee | undefined, node: number) => {
      const client = await connect(servers[node % servers.length]!, event.host, who ? { token: who.token } : {});
      sockets.push(client);
      return client;
    };
    const api = (node: number) => chatApi(servers[node % servers.length]!, event);

    it('sends a new chat, its messages and read marks to both members only, each once', async () => {
      const [a, b, c] = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
      const [onA, onB, onC, visitor] = [await socketOf(a, 0), await socketOf(b, 1), await socketOf(c, 1), await socketOf(undefined, 0)];
      const chatId = await api(0).open(a, b);
      const created = await onB.next(named('chat-new-chat', chatId));
      expect((created as { data: { chat: { Users: { UserID: number }[] } } }).data.chat.Users.map((u) => u.UserID).sort()).toEqual([a.id, b.id].sort());
      await onA.next(named('chat-new-chat', chatId));

      const sent = await api(1).post(a, chatId, 'Hi B');
      expect(sent.status).toBe(200);
      const frame = await onB.next(named('chat-new-message', chatId));
      expect(frame).toMatchObject({ data: { chatId, message: { ChatID: chatId, UserID: a.id, Message: 'Hi B' } } });
      await onA.next(named('chat-new-message', chatId));

      await api(0).read(b, chatId);
      const read = await onA.next(named('chat-change', chatId));
      expect(read).toMatchObject({ data: { chatId, userId: b.id } });

      // A probe to every socket, published after all of the above reached its members: a copy of
      // any frame, or one sent to C or the visitor, would reach that socket before it.
      await afterMarker(servers[0]!, event.slug, 1, ADMIN_TOKEN, [onA, onB, onC, visitor]);
      for (const member of [onA, onB]) {
        expect(member.frames.filter(named('chat-new-message', chatId))).toHaveLength(1);
        expect(member.frames.filter(named('chat-new-chat', chatId))).toHaveLength(1);
      }
      expect(chatFrames(onC)).toEqual([]);
      expect(chatFrames(visitor)).toEqual([]);
    });

    it('reaches every socket of a member (two tabs on two nodes)', async () => {
      const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
      const tabs = [await socketOf(b, 0), await socketOf(b, 1)];
      const chatId = await api(0).open(a, b);
      await api(1).post(a, chatId, 'to both tabs');
      for (const tab of tabs) await tab.next(named('chat-new-message', chatId));
    });

    it('shows a member online while their socket is open (presence, any node), never a hidden one', async () => {
      const [a, b, hidden] = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
      const withB = await api(0).open(a, b);
      const withHidden = await api(0).open(hidden, a);
      await f.db.kysely.updateTable('users').set({ is_hidden: true }).where('id', '=', hidden.id).execute();
      await socketOf(b, 1);
      await socketOf(hidden, 1);
      const onlineIn = async (chatId: number, userId: number) => {
        const list = (await api(0).list(a)).json<{ data: { ChatID: number; Users: { UserID: number; Online: boolean }[] }[] }>();
        return list.data.find((c) => c.ChatID === chatId)?.Users.find((u) => u.UserID === userId)?.Online;
      };
      await expect.poll(() => onlineIn(withB, b.id), { timeout: 8000 }).toBe(true);
      expect(await onlineIn(withB, a.id)).toBe(false);
      expect(await onlineIn(withHidden, hidden.id)).toBe(false);
    });

    it('sends support messages to the attendee and every organiser, and a joining organiser as chat-new-user', async () => {
      const [a, org, bystander] = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
      await f.db.kysely.updateTable('users').set({ is_organiser: true }).where('id', '=', org.id).execute();
      const [onA, onOrg, onBystander] = [await socketOf(a, 0), await socketOf(org, 1), await socketOf(bystander, 0)];
      const chatId = (await api(0).support(a)).json<{ data: number }>().data;
      await onOrg.next(named('chat-new-chat', chatId));
      await api(0).post(a, chatId, 'Help please');
      await onOrg.next(named('chat-new-message', chatId));
      const late = await newAttendee(f, event.id);
      await f.db.kysely.updateTable('users').set({ is_organiser: true }).where('id', '=', late.id).execute();
      await api(1).post(late, chatId, 'On it');
      expect(await onA.next(named('chat-new-user', chatId))).toMatchObject({ data: { chatId, userId: late.id, user: { UserID: late.id } } });
      await onA.next((fr) => named('chat-new-message', chatId)(fr) && (fr as { data: { message: { UserID: number } } }).data.message.UserID === late.id);
      await afterMarker(servers[0]!, event.slug, 2, ADMIN_TOKEN, [onBystander]);
      expect(chatFrames(onBystander)).toEqual([]);
    });
  });
}

chatRealtimeSuite('chat realtime: members only, one node', 1);
chatRealtimeSuite('chat realtime: members only, two nodes sharing Redis', 2);
