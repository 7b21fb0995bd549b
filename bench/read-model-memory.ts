// Memory per cached event: heap used before and after building the demo event's read
// models (agenda, speakers, timeline) in a fresh process on a temp SQLite database. Run with
// `npm run bench:read-model-memory`; prints one JSON line. Figures are after a full GC each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'ep-rm-memory-'));
process.env['DATA_DIR'] = dataDir;
process.env['LOG_LEVEL'] = 'warn';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };

try {
  const { app } = await import('~/server/app');
  const { migrateToLatest } = await import('~/server/db/database');
  const { seedDemoIfEmpty } = await import('~/server/event-import/seed');
  const { db, events, agenda, speakers, timeline, realtime } = app();
  await migrateToLatest(db);
  await seedDemoIfEmpty();
  const event = (await events.findByIdentity('demo'))!;
  // Warm every code path once on a throw-away version, so the figure is the models, not the code.
  await agenda.getPublicAgenda({ ...event, version: -1 });
  await speakers.getPublicSpeakers({ ...event, version: -1 });
  await timeline.firstView({ ...event, version: -1 }, 0, 'digital');
  // Drops them again, as an import's data-change message does on every node.
  await realtime.publishDataChange(event.eventId);
  const before = heap();
  await agenda.getMemberAgenda(event, 0);
  const afterAgenda = heap();
  await speakers.getPublicSpeakers(event);
  const afterSpeakers = heap();
  // The stage's lists (posts and promoted items of one platform), as the timeline calls build them.
  await Promise.all([timeline.pageJson(event, 0, { platform: 'digital' }), timeline.promotedJson(event, 0, 'digital')]);
  const after = heap();
  process.stdout.write(JSON.stringify({
    bench: 'read-model-memory', event: 'demo', node: process.version,
    agendaKb: Math.round((afterAgenda - before) / 1024), speakersKb: Math.round((afterSpeakers - afterAgenda) / 1024),
    timelineKb: Math.round((after - afterSpeakers) / 1024),
    totalKb: Math.round((after - before) / 1024),
  }) + '\n');
  await realtime.close();
  await db.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
