import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';

/**
 * Two nodes of one deployment, started in the calling describe's beforeAll and stopped after it:
 * one fresh database (PostgreSQL when TEST_DATABASE_URL is set), one data directory and Redis
 * at `redisUrl` under a prefix of their own. Call the answer from a test: `[nodeA, nodeB]`.
 */
export function sharedNodes(redisUrl: string, env: Record<string, string>, name: string): () => [TestServer, TestServer] {
  let nodes: [TestServer, TestServer] | undefined;
  let databaseUrl: string | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `ep-${name}-`));

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    const shared = { env: { ...env, REDIS_URL: redisUrl, REDIS_PREFIX: `ep-test-${name}-${process.pid}-${Date.now()}:` }, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    nodes = [await startServer(shared), await startServer(shared)];
  });
  afterAll(async () => {
    for (const node of nodes ?? []) await node.stop();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => nodes!;
}
