import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy a test controls, in front of a shared service it must never stop itself. */
export interface TcpProxy {
  port: number;
  /** Destroys every open connection and refuses new ones (the service looks down). */
  cut(): void;
  /** Accepts and forwards connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * Forwards 127.0.0.1:<port> to the target. While cut, a new connection is accepted and
 * destroyed at once, so a client sees its connection reset, as with a service that went away.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = createServer((client) => {
    if (isCut) { client.destroy(); return; }
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  const destroyAll = () => { for (const socket of open) socket.destroy(); };
  return {
    port: address.port,
    cut() {
      isCut = true;
      destroyAll();
    },
    restore() {
      isCut = false;
    },
    close() {
      destroyAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
