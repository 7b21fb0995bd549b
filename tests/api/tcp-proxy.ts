import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port on 127.0.0.1 the proxy listens on. */
  port: number;
  /** Destroys every open connection and refuses new ones (accepted, then reset at once): an outage. */
  cut(): void;
  /** Accepts and forwards connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real service (PostgreSQL, Redis) that a test controls,
 * so it can take the service away from a server under test and give it back, without stopping
 * the shared service other tests use.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // A reset on either side ends the pair; an error without a listener would end the test run.
    socket.on('error', () => undefined);
  };
  const server = createServer((client) => {
    if (isCut) return void client.resetAndDestroy();
    track(client);
    const upstream = connect({ host: targetHost, port: targetPort });
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
