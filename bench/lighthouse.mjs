// Lighthouse (mobile) on the demo event, offline: starts the built server on a temp data dir,
// signs the demo attendee in, and runs Lighthouse on each page with the session cookie, the
// stream autoplaying (Lighthouse asks for no reduced motion, so the player plays muted).
// Prints one JSON line per page with the median run (by performance score).
//
// Lighthouse is not a dependency of the project: install it elsewhere and point at it.
//   mkdir /tmp/lh && cd /tmp/lh && npm init -y && npm install lighthouse@12
//   LIGHTHOUSE_DIR=/tmp/lh/node_modules npx node bench/lighthouse.mjs
// Settings: RUNS (3), PAGES (comma list of names below), CATEGORIES (comma list, default
// performance; accessibility and best-practices add their scores and the audits that failed),
// CHROME_PATH (/usr/bin/chromium),
// BASE_URL (measure an already running server instead, e.g. http://demo.localhost:4321),
// LHR_DIR (keep each run's full Lighthouse report there, e.g. for its LCP breakdown and requests).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, URLSearchParams } from 'node:url';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { recordResult } from './results.mjs';

const LIGHTHOUSE_DIR = process.env['LIGHTHOUSE_DIR'] ?? '/tmp/lh/node_modules';
const RUNS = Number(process.env['RUNS'] ?? 3);
const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

/** name → path, whether it needs the session, and the screen (mobile unless said otherwise). */
const ALL_PAGES = [
  { name: 'login', path: '/login', session: false },
  { name: 'lobby', path: '/', session: true },
  { name: 'stage', path: '/stage', session: true },
  // A phone's stage hides the stream until asked; at 1280 px it plays, under the same throttling.
  { name: 'stage-wide', path: '/stage', session: true, wide: true },
  { name: 'webapp', path: '/webapp', session: true },
  // Lighthouse's own desktop settings (fast network, no CPU slowdown), as a desktop visitor's run.
  { name: 'lobby-desktop', path: '/', session: true, desktop: true },
  { name: 'agendaIframe', path: '/agendaIframe', session: false },
];
const CATEGORIES = process.env['CATEGORIES']?.split(',') ?? ['performance'];
const wanted = process.env['PAGES']?.split(',');
const pages = ALL_PAGES.filter((page) => !wanted || wanted.includes(page.name));

const root = new URL('..', import.meta.url);
const importFrom = (pkg, file) => import(pathToFileURL(join(LIGHTHOUSE_DIR, pkg, file)).href);

function post(port, path, body) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST',
      headers: { host: `demo.localhost:${port}`, 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-lh-'));
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 60 s')), 60_000);
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = /"listening","port":(\d+)/.exec(buffer);
      if (match) { clearTimeout(timer); resolve(Number(match[1])); }
    });
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin: `http://demo.localhost:${port}`, port, stop };
}

async function sessionCookie(port) {
  const form = new URLSearchParams({ grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' });
  const res = await post(port, '/connect/token', form.toString());
  const cookie = [res.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).find((pair) => pair.startsWith('ep_session='));
  if (res.statusCode !== 200 || !cookie) throw new Error(`demo login answered ${res.statusCode}`);
  return cookie;
}

// Lighthouse ties `mobile` to the form factor; the throttling stays the mobile one (slow 4G, 4× CPU).
const WIDE = { formFactor: 'desktop', screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false } };

/** The audits of a category (other than performance) that did not pass. */
function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs.map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative').map((audit) => audit.id);
}

function summary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  const others = Object.fromEntries(CATEGORIES.filter((id) => id !== 'performance').flatMap((id) => [
    [id, Math.round((lhr.categories[id].score ?? 0) * 100)], [`${id}Failed`, failedAudits(lhr, id)]]));
  return {
    ...others,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    scriptKB: Number(((scripts?.transferSize ?? 0) / 1024).toFixed(1)),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector,
  };
}

const { default: lighthouse } = await importFrom('lighthouse', 'core/index.js');
const chromeLauncher = await importFrom('chrome-launcher', 'dist/index.js');
const { default: desktopConfig } = await importFrom('lighthouse', 'core/config/desktop-config.js');

let server;
if (process.env['BASE_URL']) {
  const url = new URL(process.env['BASE_URL']);
  server = { origin: url.origin, port: Number(url.port || 80), stop: async () => undefined };
} else {
  ensureBuild({ quiet: true });
  server = await startServer();
}
try {
  const cookie = pages.some((page) => page.session) ? await sessionCookie(server.port) : undefined;
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
      try {
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...new Set(['performance', ...CATEGORIES])],
          ...(page.session ? { extraHeaders: { Cookie: cookie } } : {}), ...(page.wide ? WIDE : {}) };
        const result = await lighthouse(`${server.origin}${page.path}`, flags, page.desktop ? desktopConfig : undefined);
        runs.push(summary(result.lhr));
        if (process.env['LHR_DIR']) writeFileSync(join(process.env['LHR_DIR'], `${page.name}-${i + 1}.json`), JSON.stringify(result.lhr));
      } finally {
        await chrome.kill();
      }
    }
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    recordResult('lighthouse', { bench: 'lighthouse', page: page.name, path: page.path, runs: runs.length, median,
      performanceAll: runs.map((run) => run.performance), lcpAll: runs.map((run) => run.lcpMs), tbtAll: runs.map((run) => run.tbtMs), clsAll: runs.map((run) => run.cls) });
  }
} finally {
  await server.stop();
}
