import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 4399);
const dataDir = process.env['E2E_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'ep-e2e-'));
// Workers inherit these: specs read the mail/SMS outbox under DATA_DIR and build event hosts on the port.
process.env['E2E_DATA_DIR'] = dataDir;
process.env['E2E_PORT'] = String(port);

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the browser Playwright's own
 * download would run headless; that download cannot run on these machines). The full browser's
 * headless mode costs about 40 % more CPU per test, and the e2e stage is bound by CPU
 * (docs/testing.md "Where the e2e time goes").
 */
const launchOptions = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic'],
};

/**
 * Chromium's fake camera (a moving test pattern; two devices, so switching can be tested) and
 * its permission prompt answered yes. Browser launch arguments, so only the camera projects get them.
 */
const CAMERA_SPECS = /selfie\.spec\.ts$/;
const cameraLaunchOptions = {
  ...launchOptions,
  args: [...launchOptions.args, '--use-fake-device-for-media-stream=device-count=2', '--use-fake-ui-for-media-stream'],
};

/**
 * The screenshot tour (tests/e2e/screens.tour.ts) is not part of the suite: with SCREENS_DIR set,
 * its projects are the only ones (docs/testing.md "Screenshot tour").
 */
const SCREEN_PROJECTS = [
  { name: 'screens-desktop', testMatch: /screens\.tour\.ts$/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  { name: 'screens-phone', testMatch: /screens\.tour\.ts$/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions } },
];

export default defineConfig({
  testDir: 'tests/e2e',
  // One axe scan of /stage or /webapp takes ~5 s on a quiet 2-core machine (every tab is in the page)
  // and 3–4× that while both workers run two browsers each; 30 s left no room for it.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  // test-all.mjs asks for a JSON report too, to print one summary line for the whole suite.
  reporter: process.env['PLAYWRIGHT_JSON_REPORT'] ? [['list'], ['json']] : [['list']],
  use: {
    // *.localhost resolves to 127.0.0.1 in Chromium: the host names the event.
    baseURL: `http://demo.localhost:${port}`,
    // A trace records every action's DOM and a screencast: 14–16 % of the suite's CPU on two
    // cores (Chromium and the runner), which is what bounds the e2e stage. CI records one on the
    // retry of a failed test; a local run keeps the trace of each failure.
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
    // The player honours reduced motion (no autoplay, no segments until play): a stage page in
    // every test would otherwise decode video on these two shared cores. Tests of playback ask
    // for motion with `test.use(PLAYING)` (stage-helpers.ts).
    reducedMotion: 'reduce',
    launchOptions,
  },
  // Each screen's main flow (with its axe scan) runs at both widths; a secondary test is tagged
  // @desktop-only or @phone-only and runs at the width where it matters (docs/testing.md).
  projects: process.env['SCREENS_DIR'] ? SCREEN_PROJECTS : [
    { name: 'desktop', testIgnore: CAMERA_SPECS, grepInvert: /@phone-only/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', testIgnore: CAMERA_SPECS, grepInvert: /@desktop-only/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions } },
    // Specs that use the camera get Chromium's fake one in browsers of their own; no other spec runs there.
    { name: 'camera-desktop', testMatch: CAMERA_SPECS, grepInvert: /@phone-only/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: cameraLaunchOptions } },
    { name: 'camera-phone', testMatch: CAMERA_SPECS, grepInvert: /@desktop-only/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: cameraLaunchOptions } },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A short presence grace (docs/presence.md) so a closed page shows offline within seconds.
    env: {
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_TOKEN: 'e2e-admin-token',
      PRESENCE_GRACE_MS: '1500', PRESENCE_COALESCE_MS: '200',
    },
  },
});
