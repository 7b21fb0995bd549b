import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHARED_SERVER_ENV, startServer, type SharedServerInfo, type TestServer } from './harness';

/**
 * The servers test files share, one per vitest worker slot (VITEST_POOL_ID): a slot runs one file
 * at a time, so a file has its server to itself while it runs. They live in vitest's main process
 * and start on the first file that asks, through a small local HTTP endpoint (`GET /<slot>`): a
 * run of files that all start their own servers starts none.
 */
export interface ServerPool {
  /** Where workers ask for their slot's server. */
  url: string;
  close(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startServerPool(): Promise<ServerPool> {
  const servers = new Map<string, Promise<TestServer>>();
  const serverOf = async (slot: string): Promise<TestServer> => {
    let server = servers.get(slot);
    const running = await server?.catch(() => undefined);
    if (running && !isAlive(running.pid)) {
      // The file that was running when it died failed for it; the next files get a new one.
      process.stderr.write(`shared test server of slot ${slot} exited; its last lines:\n${running.logs.slice(-20).join('\n')}\n`);
      await running.stop();
      server = undefined;
    }
    if (!server) {
      server = startServer({ env: SHARED_SERVER_ENV });
      // A failed start is retried by the next file of the slot rather than failing all of them.
      server.catch(() => servers.delete(slot));
      servers.set(slot, server);
    }
    return server;
  };
  const http: Server = createServer((request, response) => {
    const slot = (request.url ?? '').slice(1);
    if (!/^\d+$/.test(slot)) {
      response.writeHead(400).end();
      return;
    }
    serverOf(slot).then(({ port, pid, dataDir, databaseUrl }) => {
      const info: SharedServerInfo = { port, pid, dataDir, databaseUrl };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info));
    }, (error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      const started = await Promise.allSettled([...servers.values()]);
      const running = started.filter((result) => result.status === 'fulfilled').map((result) => result.value);
      await Promise.all(running.map((server) => server.stop()));
    },
  };
}
