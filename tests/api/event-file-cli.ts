import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

export interface CliRun { code: number | null; stdout: string; stderr: string }

/** Runs `npm run event -- …` the way npm does (tsx), against the test server's database. */
export function runEventCli(server: TestServer, args: string[]): Promise<CliRun> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: server.dataDir };
  delete env['DATABASE_URL'];
  delete env['LOG_LEVEL'];
  if (server.databaseUrl) env['DATABASE_URL'] = server.databaseUrl;
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/event-cli.ts', ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
