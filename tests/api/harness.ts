import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { inject } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
/** Under the api project's 60 s hook limit, with room for a start on a crowded machine. */
const START_LIMIT_MS = 50_000;

export interface TestServer {
  port: number;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Log lines the server printed so far (JSON parsed where possible). */
  logs: string[];
  /** Closes the pipes the server writes its log to, as a supervisor that went away would. */
  closeLogs(): void;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Share a database with another server (for multi-node tests). */
  databaseUrl?: string;
  dataDir?: string;
}

/**
 * PostgreSQL runs when TEST_DATABASE_URL is set (CI does both); each call gets a fresh
 * database created from it, dropped again by `dropDatabase`: a copy of the run's migrated
 * template (TEST_TEMPLATE_DATABASE, made by global-setup.ts) when there is one, so a server
 * finds its schema ready; an empty one (`isEmpty`, or without a template) the server migrates.
 */
export async function freshDatabaseUrl({ isEmpty = false }: { isEmpty?: boolean } = {}): Promise<string | undefined> {
  const admin = process.env['TEST_DATABASE_URL'];
  if (!admin) return undefined;
  const name = `ep_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = isEmpty ? undefined : process.env['TEST_TEMPLATE_DATABASE'];
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(databaseUrl: string | undefined): Promise<void> {
  const admin = process.env['TEST_DATABASE_URL'];
  if (!admin || !databaseUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/** Starts the built server (server.mjs) on a random port with a temp data directory. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ep-api-'));
  const ownsDatabase = options.databaseUrl === undefined;
  const databaseUrl = options.databaseUrl ?? (await freshDatabaseUrl());
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...options.env,
  };
  delete env['DATABASE_URL'];
  if (databaseUrl) env['DATABASE_URL'] = databaseUrl;
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr! }).on('line', (line) => logs.push(line));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test (it would hold its database and port).
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${logs.join('\n')}`));
    }, START_LIMIT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      logs.push(line);
      if (line.includes('"listening"')) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`)));
  });
  return {
    port, pid: child.pid!, baseUrl: `http://127.0.0.1:${port}`, dataDir, databaseUrl, logs,
    closeLogs() {
      child.stdout!.destroy();
      child.stderr!.destroy();
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (ownsDatabase) await dropDatabase(databaseUrl);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The admin token of the shared servers (`sharedServer()`); a file that needs another starts its own. */
export const SHARED_ADMIN_TOKEN = 'api-tests-admin-token';
/**
 * How the shared servers run: the admin API on, warnings only in the log, and no demo event,
 * whose accounts and rows every file would otherwise change under the next one.
 */
export const SHARED_SERVER_ENV: Record<string, string> = { SEED_DEMO: '0', ADMIN_TOKEN: SHARED_ADMIN_TOKEN, LOG_LEVEL: 'warn' };

/** What a worker learns of its shared server (server-pool.ts). */
export type SharedServerInfo = Pick<TestServer, 'port' | 'pid' | 'dataDir' | 'databaseUrl'>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server pool's address (tests/api/global-setup.ts). */
    serverPoolUrl?: string;
  }
}

/**
 * The server this file shares with the files run before and after it in its worker slot (one
 * file at a time): no start of its own. For tests whose data lives in events of their own
 * (factories, imports under unique slugs) on SHARED_SERVER_ENV; tests that use the demo event,
 * need other settings, read the log, stop or restart the server, or count what the whole server
 * holds start their own with `startServer` (docs/testing.md). `stop()` leaves it running.
 */
export async function sharedServer(): Promise<TestServer> {
  const pool = inject('serverPoolUrl');
  if (!pool) throw new Error('no server pool: sharedServer() runs in the api project (tests/api/global-setup.ts)');
  const response = await fetch(`${pool}/${process.env['VITEST_POOL_ID'] ?? '1'}`);
  if (!response.ok) throw new Error(`shared server did not start: ${await response.text()}`);
  const info = await response.json() as SharedServerInfo;
  return {
    ...info, baseUrl: `http://127.0.0.1:${info.port}`,
    get logs(): string[] { throw new Error('a shared server\'s log mixes every file of its slot: start a server of your own to read one'); },
    closeLogs: () => { throw new Error('the shared server serves the next files: start a server of your own to close its log'); },
    stop: () => Promise.resolve(null),
  };
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as it came, still compressed when Content-Encoding says so. */
  bytes: Buffer;
  json<T = unknown>(): T;
}

/** The whole answer of a request made with node:http. */
export function readResponse(res: IncomingMessage): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString('utf8');
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes, json: <T>() => JSON.parse(body) as T });
    });
  });
}

/**
 * An HTTP request with an explicit Host header (fetch refuses to set one), which is how
 * the server tells events apart: `host: 'demo.localhost'`.
 */
export function call(server: TestServer, path: string, init: { method?: string; host?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port: server.port, path, method: init.method ?? 'GET',
      headers: { host: `${init.host ?? 'demo.localhost'}:${server.port}`, ...init.headers },
    }, (res) => { void readResponse(res).then(resolve, reject); });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
