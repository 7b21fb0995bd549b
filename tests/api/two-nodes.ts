import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';

/**
 * Two nodes sharing one data directory, Redis (`redisUrl`, under a prefix of their own) and a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set: started before the suite's tests, stopped and
 * dropped after. Call inside a `describe`; the nodes are there once its `beforeAll` ran.
 */
export function twoNodes(name: string, redisUrl: string, env: Record<string, string>): () => { nodeA: TestServer; nodeB: TestServer } {
  let nodeA: TestServer | undefined;
  let nodeB: TestServer | undefined;
  let databaseUrl: string | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `ep-${name}-`));

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    const shared = { env: { ...env, REDIS_URL: redisUrl, REDIS_PREFIX: `ep-test-${name}-${process.pid}-${Date.now()}:` }, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    nodeA = await startServer(shared);
    nodeB = await startServer(shared);
  });
  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.stop();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => ({ nodeA: nodeA!, nodeB: nodeB! });
}
