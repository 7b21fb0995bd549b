import type { ClientFrame, ServerFrame } from '~/contracts/realtime';

/** A server frame as the UTF-8 bytes every socket receives; encoded once per publish. */
export function encodeFrame(frame: ServerFrame): Buffer {
  return Buffer.from(JSON.stringify(frame));
}

/** The client frame in `data`, or undefined for anything malformed (which is ignored). */
export function parseClientFrame(data: Buffer | ArrayBuffer | Buffer[]): ClientFrame | undefined {
  if (!Buffer.isBuffer(data)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const frame = value as { type?: unknown; at?: unknown };
  if (frame.type === 'ping') return { type: 'ping', at: typeof frame.at === 'number' ? frame.at : 0 };
  return undefined;
}

const EVENT_PREFIX = Buffer.from('{"type":"event","name":"');

/** The name of an event frame encoded by encodeFrame (without parsing its data), or undefined for other frames. */
export function eventNameOf(payload: Buffer): string | undefined {
  if (payload.length <= EVENT_PREFIX.length || payload.compare(EVENT_PREFIX, 0, EVENT_PREFIX.length, 0, EVENT_PREFIX.length) !== 0) return undefined;
  const end = payload.indexOf(0x22, EVENT_PREFIX.length);
  return end === -1 ? undefined : payload.toString('utf8', EVENT_PREFIX.length, end);
}
