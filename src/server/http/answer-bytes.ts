import { JSON_TYPE } from './cache-headers';

/**
 * A call's answer whose body is bytes in memory (JSON, a kept text) carries them beside a bodiless
 * web Response, and the router writes them in one piece (docs/request-path.md). A web Response
 * given the bytes would copy them into a stream that the router then reads back: for a 23 kB
 * agenda that round trip cost more than the rest of the answer.
 */
const BYTES = Symbol('answer bytes');

type Carrier = Response & { [BYTES]?: Uint8Array };

/** A call's JSON answer, in place of `Response.json`: the same status, headers and text. */
export function jsonAnswer(value: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', JSON_TYPE['content-type']);
  return bytesAnswer(Buffer.from(JSON.stringify(value)), { ...init, headers });
}

/** A call's answer of bytes made ahead (a read model's kept text), sent as they are. */
export function bytesAnswer(bytes: Uint8Array, init: ResponseInit = {}): Response {
  const response: Carrier = new Response(null, init);
  response[BYTES] = bytes;
  return response;
}

/** The bytes an answer carries beside it, if it was made by `jsonAnswer` or `bytesAnswer`. */
export function carriedBytes(response: Response): Uint8Array | undefined {
  return (response as Carrier)[BYTES];
}

/** Whether the answer has a body, carried or streamed. */
export function hasBody(response: Response): boolean {
  return carriedBytes(response) !== undefined || response.body !== null;
}

/** The whole body of an answer: the carried bytes, or its stream read to the end. */
export async function answerBytes(response: Response): Promise<Uint8Array> {
  return carriedBytes(response) ?? new Uint8Array(await response.arrayBuffer());
}

/** The answer again with headers of its own (when its headers are immutable), carrying the same body. */
export function copyAnswer(response: Response): Response {
  const bytes = carriedBytes(response);
  return bytes ? bytesAnswer(bytes, response) : new Response(response.body, response);
}

/** A web Response that holds its body, for a host that sends it on itself (Astro, in `npm run dev`). */
export function asWebResponse(response: Response): Response {
  const bytes = carriedBytes(response);
  return bytes ? new Response(bytes as Uint8Array<ArrayBuffer>, response) : response;
}
