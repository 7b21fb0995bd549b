import { request as httpRequest, type ClientRequest } from 'node:http';
import { readResponse, type HttpResponse, type TestServer } from './harness';

/**
 * A request held in flight: headers and the first half of the body go out now, the rest when
 * `finish()` is called, so the server is busy with it (reading its body) until then.
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
