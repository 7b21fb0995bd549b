/**
 * How much JavaScript the public iframe pages ship (goal: only the filter auto-submit, far
 * under 10 kB gzipped). Starts the built server on a temp database with a small agenda,
 * fetches both pages, and counts inline and external scripts. Prints one JSON line.
 * Run: npm run build && npx tsx bench/iframe-js-bytes.ts
 */
import { gzipSync } from 'node:zlib';
import { factories } from '../tests/api/factories';
import { call, startServer, type TestServer } from '../tests/api/harness';

async function scriptBytes(server: TestServer, host: string, path: string) {
  const page = await call(server, path, { host, headers: { 'accept-encoding': 'identity' } });
  const inline = [...page.body.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
  const sources = [...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1] ?? '');
  const external = await Promise.all(sources.map(async (src) => (await call(server, src, { host, headers: { 'accept-encoding': 'identity' } })).body));
  const all = [...inline, ...external].join('\n');
  return {
    status: page.status, scripts: inline.length + external.length, externalScripts: external.length,
    jsRawBytes: Buffer.byteLength(all), jsGzipBytes: all.length === 0 ? 0 : gzipSync(all).length,
    htmlRawBytes: Buffer.byteLength(page.body), htmlGzipBytes: gzipSync(page.body).length,
  };
}

const server = await startServer();
const f = factories(server);
try {
  const event = await f.newEvent();
  const track = await f.newTrack(event.id);
  const category = await f.newCategory(event.id, { name: 'Tech' });
  const speaker = await f.newSpeaker(event.id, { description: '<p>Bio</p>' });
  for (let i = 0; i < 12; i++) {
    const start = new Date(Date.UTC(2025, 5, 2 + (i % 2), 7 + i)).toISOString();
    const end = new Date(Date.UTC(2025, 5, 2 + (i % 2), 8 + i)).toISOString();
    await f.newSession(event.id, { title: `Session ${i}`, track_id: track, start_date: start, end_date: end, description: '<p>About</p>', speakerIds: [speaker], categoryIds: [category] });
  }
  const agenda = await scriptBytes(server, event.host, '/agendaIframe');
  const speakers = await scriptBytes(server, event.host, '/speakersIframe');
  process.stdout.write(JSON.stringify({ bench: 'iframe-js-bytes', agendaIframe: agenda, speakersIframe: speakers }) + '\n');
} finally {
  await f.close();
  await server.stop();
}
