import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHub } from '~/server/realtime/hub';
import type { Realtime } from '~/server/realtime/index';
import { createMemoryBroker } from '~/server/realtime/memory-broker';
import type { SocketLimits } from '~/server/realtime/peer-socket';

export interface RunningHub { hub: Realtime; server: Server; port: number }

/** A real hub on a real HTTP server in this process, every upgrade joining event 1. */
export async function startHub({ limits = {}, heartbeatMs = 60_000 }: { limits?: Partial<SocketLimits>; heartbeatMs?: number }): Promise<RunningHub> {
  const hub = createHub({ broker: createMemoryBroker(), heartbeatMs, limits, closeGraceMs: 100 });
  const server = createServer();
  hub.attach(server, () => Promise.resolve({ eventId: 1 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { hub, server, port: (server.address() as AddressInfo).port };
}

export async function stopHub(running: RunningHub | undefined): Promise<void> {
  await running?.hub.close();
  running?.server.close();
}

/** Polls `check` every 20 ms for up to `ms`; its last answer. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end && !check();) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}
