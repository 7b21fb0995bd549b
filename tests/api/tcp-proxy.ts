import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** The local port that forwards to the target. */
  port: number;
  /** Destroys every open connection and refuses new ones (accepted, then closed at once), as a dead service would. */
  cut(): void;
  /** Accepts and forwards again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a shared service (Redis, PostgreSQL) that a test can cut
 * off and restore, so outages are tested without stopping what other tests use.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    if (isCut) return void client.destroy();
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
