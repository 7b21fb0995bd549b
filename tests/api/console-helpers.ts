import { newAttendee, type Attendee } from './attendee-factory';
import type { Factories } from './factories';
import { call, type HttpResponse, type TestServer } from './harness';

/** An organiser of `eventId` (the per-event user flag) with a live access token. */
export async function newOrganiser(f: Factories, eventId: number): Promise<Attendee> {
  const person = await newAttendee(f, eventId);
  await f.db.kysely.updateTable('users').set({ is_organiser: true }).where('id', '=', person.id).execute();
  return person;
}

/** A call as `who` (headers): a GET without a body, else a JSON POST; on the event's host unless told. */
export type Send = (path: string, who: Record<string, string>, body?: unknown, host?: string) => Promise<HttpResponse>;

export const sender = (server: TestServer, eventHost: string): Send => (path, who, body, host = eventHost) => call(server, path, {
  method: body === undefined ? 'GET' : 'POST', host, headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
