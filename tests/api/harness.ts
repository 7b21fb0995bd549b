import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

const ROOT = new URL('../../', import.meta.url);

export interface TestServer {
  port: number;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Log lines the server printed so far (JSON parsed where possible). */
  logs: string[];
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
 * database created from it, dropped again by `dropDatabase`.
 */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const admin = process.env['TEST_DATABASE_URL'];
  if (!admin) return undefined;
  const name = `ep_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
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
    }, 30_000);
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
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (ownsDatabase) await dropDatabase(databaseUrl);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
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
