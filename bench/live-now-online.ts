// The console's Live now with attendees online: CPU per read of "online by platform"
// (live-now.repository attendeesByPlatform) for a few online counts, on a temp SQLite database
// with ATTENDEES attendees (half scanned in at the door). Each count is read READS times, the
// online set growing by one every read, as presence moves during an event. Run with
// `npm run bench:live-now-online`; prints one JSON line per online count and records them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLiveNowRepository } from '~/server/console/live-now.repository';
import { migrateToLatest, openDatabase } from '~/server/db/database';
import { recordResult } from './results.mjs';

const ATTENDEES = Number(process.env['BENCH_ATTENDEES'] ?? 3000);
const READS = Number(process.env['BENCH_READS'] ?? 300);
const ONLINE = [10, 200, 2000];
const NOW = new Date().toISOString();

const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-live-now-'));
const db = openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  const k = db.kysely;
  const event = await k.insertInto('events').values({
    slug: 'bench', name: 'bench', language_id: '1', time_zone: 'Europe/Oslo', is_active: true, is_registration_open: false, start_date: NOW, end_date: NOW,
    is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false, captions: '{}', features: '{}', branding: '{}', updated_at: NOW,
    stream_url: null, reg_event_code: null, logo_url: null, favicon_url: null, login_caption: null, lobby_banner_text: null,
    gamification_url: null, about_online_event: null, live_faq_category: null, terms_text: null, results_password_hash: null, capacity: null,
  }).returning('id').executeTakeFirstOrThrow();
  const eventId = Number(event.id);
  const ids: number[] = [];
  for (let i = 0; i < ATTENDEES; i += 1) {
    const user = await k.insertInto('users').values({
      event_id: eventId, email: `a${i}@bench.test`, first_name: 'A', last_name: String(i), calculated_fields: '{}', is_hidden: false,
      is_organiser: i % 100 === 0, created_at: NOW, password_hash: null, title: null, about: null, about2: null, phone: null, company: null,
      job_title: null, address1: null, picture: null, linkedin: null, facebook: null, instagram: null, twitter: null,
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(user.id));
    await k.insertInto('registrations').values({ event_id: eventId, user_id: Number(user.id), ticket_code: `T${i}`, ticket_key: `k${i}`, admitted_at: i % 2 ? NOW : null, created_at: NOW }).execute();
  }
  const repository = createLiveNowRepository(db);
  for (const online of ONLINE) {
    for (let i = 0; i < 20; i += 1) await repository.attendeesByPlatform(eventId, ids.slice(0, online + i));
    const start = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < READS; i += 1) await repository.attendeesByPlatform(eventId, ids.slice(0, online + i));
    const cpu = process.cpuUsage(start);
    recordResult('live-now-online', {
      bench: 'live-now-online', attendees: ATTENDEES, online, reads: READS, growingByOnePerRead: true,
      cpuMsPerRead: Number(((cpu.user + cpu.system) / 1000 / READS).toFixed(3)), msPerRead: Number(((performance.now() - started) / READS).toFixed(3)),
    });
  }
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
