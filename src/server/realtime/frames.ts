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
