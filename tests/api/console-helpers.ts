import type { AuditEntry, AuditPage } from '~/contracts/console';
import { newAttendee, type Attendee } from './attendee-factory';
import type { Factories } from './factories';
import { call, type HttpResponse, type TestServer } from './harness';
import type { Client } from './realtime-helpers';

/** An organiser of `eventId` (the per-event user flag) with a live access token. */
export async function newOrganiser(f: Factories, eventId: number): Promise<Attendee> {
  const person = await newAttendee(f, eventId);
  await f.db.kysely.updateTable('users').set({ is_organiser: true }).where('id', '=', person.id).execute();
  return person;
}

/**
 * A call as `who` (headers): a GET without a body, else a JSON POST, or the method the path starts
 * with (`'PUT /api/console/speakers/4'`, `'DELETE …'`); on the event's host unless told.
 */
export type Send = (path: string, who: Record<string, string>, body?: unknown, host?: string) => Promise<HttpResponse>;

export const sender = (server: TestServer, eventHost: string): Send => (path, who, body, host = eventHost) => {
  const [, named, url = path] = /^(PUT|DELETE|PATCH) (\S+)$/.exec(path) ?? [];
  return call(server, url, {
    method: named ?? (body === undefined ? 'GET' : 'POST'), host, headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
};

/** A multipart body with one `image` file, as a browser's form sends a picture. */
export function imageForm(bytes: Buffer, name = 'picture.png'): { headers: Record<string, string>; body: Buffer } {
  const boundary = 'ep-console-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** The smallest file the documents' upload rules take as a PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart body with a `file` and the other fields given, as the console's document uploads send it. */
export function fileForm(bytes: Buffer, fileName: string, fields: [string, string][] = []): { headers: Record<string, string>; body: Buffer } {
  const boundary = 'ep-content-boundary';
  const parts = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** The newest audit row the organiser sees in Activity. */
export const lastAudit = async (send: Send, organiser: { auth: Record<string, string> }): Promise<AuditEntry | undefined> =>
  (await send('/api/console/activity?limit=1', organiser.auth)).json<AuditPage>().entries[0];

/** Resolves when the socket hears the realtime event `name` at or after frame `from`. */
export const heard = (socket: Client, name: string, from: number) =>
  socket.next((frame) => socket.frames.indexOf(frame) >= from && frame.type === 'event' && frame.name === name);
