import { request as httpRequest, type ClientRequest } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { readResponse, type HttpResponse, type TestServer } from './harness';

/**
 * A request whose body trickles in: headers and the first half of the body go out now, the rest
 * when `finish()` is called. The server admits it (it is receiving) but counts it in flight only
 * once the body has arrived (docs/operations.md "Overload").
 */
export interface HeldRequest {
  req: ClientRequest;
  finish(): Promise<HttpResponse>;
}

export function holdRequest(server: TestServer, path: string, { host, headers, body }: { host: string; headers: Record<string, string>; body: string }): HeldRequest {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const req = httpRequest({
    host: '127.0.0.1', port: server.port, path, method: 'POST',
    headers: { host: `${host}:${server.port}`, 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers },
  });
  const answered = new Promise<HttpResponse>((resolve, reject) => {
    req.on('response', (res) => {
      void readResponse(res).then(resolve, reject);
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, half));
  req.flushHeaders();
  return {
    req,
    finish() {
      req.end(bytes.subarray(half));
      return answered;
    },
  };
}

/** Polls `check` until it holds (the server saw the held request), at most `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An SMTP server that accepts connections and never greets: a call that mails (sendContactInfo)
 * waits on it, in flight, until `release()` closes the connections open then (the mail fails, is
 * logged, and the call answers). Later connections stall again.
 */
export async function stalledSmtp(): Promise<{ url: string; waiting(): number; release(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let isReleased = false;
  const smtp = createServer((socket) => {
    socket.on('error', () => undefined);
    if (isReleased) return void socket.destroy();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.address() as { port: number }).port)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    waiting: () => sockets.size,
    release() {
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => {
      isReleased = true;
      for (const socket of sockets) socket.destroy();
      smtp.close(() => resolve());
    }),
  };
}
