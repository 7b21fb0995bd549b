/* global fetch, URLSearchParams, document -- used inside page.evaluate, in the browser */
// Where the main thread goes while a page loads and its stream starts: Chromium under
// 4× CPU throttling (CDP Emulation.setCPUThrottlingRate), a performance trace and a CPU profile,
// then the long tasks (> 50 ms) on the page's main thread, each with what ran inside it, and the
// script time inside long tasks by file. Prints one JSON line per page.
//
// Needs a running server (a build of any worktree):  BASE_URL=http://demo.localhost:4321
//   BASE_URL=… PAGES=webapp,stage-wide SECONDS=20 npx node bench/main-thread-trace.mjs
// TRACE_DIR keeps the raw trace (Chrome DevTools can open it). CHROME_PATH (/usr/bin/chromium).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';

const BASE_URL = process.env['BASE_URL'];
if (!BASE_URL) throw new Error('BASE_URL is required, e.g. http://demo.localhost:4321');
const SECONDS = Number(process.env['SECONDS'] ?? 20);
const CPU_RATE = Number(process.env['CPU_RATE'] ?? 4);
const PAGES = {
  webapp: { path: '/webapp', viewport: { width: 412, height: 823 }, mobile: true },
  stage: { path: '/stage', viewport: { width: 412, height: 823 }, mobile: true },
  'stage-wide': { path: '/stage', viewport: { width: 1280, height: 800 }, mobile: false },
};
const wanted = (process.env['PAGES'] ?? 'webapp,stage-wide').split(',');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink.user_timing', 'loading'];

async function traceEvents(cdp, run) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => { events.push(...value); });
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  return { events, profile };
}

const shortUrl = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') || url : '(native)');

/** A nested event's label: the script or event type it stands for. */
function label(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  switch (event.name) {
    case 'EvaluateScript': case 'v8.compile': case 'v8.compileModule': case 'v8.evaluateModule': return `${event.name} ${shortUrl(data.url ?? event.args?.fileName)}`;
    case 'FunctionCall': return `FunctionCall ${shortUrl(data.url)} ${data.functionName || ''}`.trim();
    case 'EventDispatch': return `EventDispatch ${data.type}`;
    case 'TimerFire': return 'TimerFire';
    default: return event.name;
  }
}

function analyse(events, profile) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
    && events.some((f) => f.pid === e.pid && f.tid === e.tid && f.name === 'ParseHTML'));
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const isTask = (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  // Outermost tasks only: the scheduler nests one task event in another.
  const allTasks = onMain.filter(isTask);
  const tasks = allTasks.filter((e) => !allTasks.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && (p.dur > e.dur || p.ts < e.ts || allTasks.indexOf(p) < allTasks.indexOf(e))))
    .sort((a, b) => a.ts - b.ts);
  const start = Math.min(...onMain.map((e) => e.ts));
  const long = tasks.filter((t) => t.dur > 50_000);
  const children = onMain.filter((e) => !isTask(e));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = [];
  let clock = profile.startTime;
  profile.samples.forEach((id, i) => {
    clock += profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(id)?.callFrame;
    const key = frame?.url ? `${shortUrl(frame.url)}` : `(${frame?.functionName || 'native'})`;
    samples.push({ t: clock, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000, key, fn: frame?.url ? `${shortUrl(frame.url).replace(/^.*\//, '')}:${frame.functionName || '(anon)'}` : key });
  });
  const topOf = (list, field, from, to, n) => {
    const sums = {};
    for (const s of list) if (s.t >= from && s.t <= to) sums[s[field]] = (sums[s[field]] ?? 0) + s.ms;
    return Object.entries(sums).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `${k} ${ms.toFixed(0)}`);
  };
  const longTasks = long.map((task) => {
    const inside = children.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
    // Direct children only: events not nested in another event inside the same task.
    const direct = inside.filter((e) => !inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && p.dur > e.dur));
    const byLabel = {};
    for (const e of direct) byLabel[label(e)] = (byLabel[label(e)] ?? 0) + e.dur / 1000;
    const top = Object.entries(byLabel).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    return { atMs: Math.round((task.ts - start) / 1000), ms: Math.round(task.dur / 1000), top,
      functions: topOf(samples, 'fn', task.ts, task.ts + task.dur, 5) };
  });
  // Profile self time inside long tasks, by script file.
  const inLong = samples.filter((x) => long.some((task) => x.t >= task.ts && x.t <= task.ts + task.dur));
  const scripts = topOf(inLong, 'key', -Infinity, Infinity, 10);
  const blocking = long.reduce((sum, task) => sum + task.dur / 1000 - 50, 0);
  return { longTaskCount: long.length, longTaskMs: Math.round(long.reduce((s, task) => s + task.dur / 1000, 0)),
    blockingMs: Math.round(blocking), longTasks, selfMsInLongTasksByScript: scripts };
}

const origin = new URL(BASE_URL).origin;
const browser = await chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'] });
try {
  for (const name of wanted) {
    const spec = PAGES[name];
    const context = await browser.newContext({ viewport: spec.viewport, isMobile: spec.mobile, hasTouch: spec.mobile, reducedMotion: 'no-preference' });
    const page = await context.newPage();
    // Signed in from the page itself (Node does not resolve *.localhost); the session cookie stays.
    await page.goto(`${origin}/login`);
    const status = await page.evaluate(async () => (await fetch('/connect/token', { method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' }) })).status);
    if (status !== 200) throw new Error(`demo login answered ${status}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const { events, profile } = await traceEvents(cdp, async () => {
      await page.goto(`${origin}${spec.path}`, { waitUntil: 'load' });
      await page.waitForTimeout(SECONDS * 1000);
    });
    const playing = await page.evaluate(() => { const v = document.querySelector('video'); return v ? { t: Number(v.currentTime.toFixed(1)), paused: v.paused } : null; });
    if (process.env['TRACE_DIR']) writeFileSync(join(process.env['TRACE_DIR'], `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
    process.stdout.write(`${JSON.stringify({ bench: 'main-thread-trace', page: name, cpuRate: CPU_RATE, seconds: SECONDS, video: playing, ...analyse(events, profile) })}\n`);
    await context.close();
  }
} finally {
  await browser.close();
}
