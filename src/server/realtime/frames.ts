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

/**
 * Wraps a UTF-8 payload in one complete, unmasked WebSocket text frame (RFC 6455 §5.2), so a
 * fan-out frames once and each socket gets a single write of the same bytes.
 */
export function frameText(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + text opcode
  if (headerLength === 2) frame[1] = length;
  else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** The heartbeat: an empty WebSocket ping, the same bytes for every socket. */
export const PING_FRAME = Buffer.from([0x89, 0x00]);

/** A control frame (0x9 ping, 0xA pong) with its payload (at most 125 bytes, as RFC 6455 §5.5 says). */
export function frameControl(opcode: 0x9 | 0xa, payload: Buffer): Buffer {
  const body = payload.subarray(0, 125);
  const frame = Buffer.allocUnsafe(2 + body.length);
  frame[0] = 0x80 | opcode;
  frame[1] = body.length;
  body.copy(frame, 2);
  return frame;
}

const EVENT_PREFIX = Buffer.from('{"type":"event","name":"');

/** The name of an event frame encoded by encodeFrame (without parsing its data), or undefined for other frames. */
export function eventNameOf(payload: Buffer): string | undefined {
  if (payload.length <= EVENT_PREFIX.length || payload.compare(EVENT_PREFIX, 0, EVENT_PREFIX.length, 0, EVENT_PREFIX.length) !== 0) return undefined;
  const end = payload.indexOf(0x22, EVENT_PREFIX.length);
  return end === -1 ? undefined : payload.toString('utf8', EVENT_PREFIX.length, end);
}
