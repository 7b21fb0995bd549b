import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { fixture } from './event-file-cli';
import { call, type TestServer } from './harness';

export type EventFile = Record<string, any>;

/** A fixture event file (tests/fixtures), parsed afresh so a test may change it. */
export const eventFile = (name: string): EventFile => JSON.parse(readFileSync(fixture(name), 'utf8')) as EventFile;

/** Imports (creates or updates by slug) an event through the organiser API, expecting success; its id. */
export async function importEvent(server: TestServer, adminToken: string, file: EventFile): Promise<number> {
  const res = await call(server, '/api/admin/events/import', {
    method: 'POST', host: 'localhost', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify(file),
  });
  expect(res.status, res.body).toBe(200);
  return res.json<{ eventId: number }>().eventId;
}
