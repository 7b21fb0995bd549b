import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '~/server/db/database';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { startServerPool } from './server-pool';

/**
 * The API tests run the production build (made to match the sources), on servers of their own or
 * shared (`sharedServer()`). On PostgreSQL every fresh database is a copy of one migrated here
 * (`create database … template …` takes milliseconds, migrating takes seconds); the servers still
 * run their migrations at start and find nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuild({ quiet: true });
  const dropTemplate = await migratedTemplate();
  const pool = await startServerPool();
  project.provide('serverPoolUrl', pool.url);
  return async () => {
    await pool.close();
    await dropTemplate();
  };
}

/** Makes TEST_TEMPLATE_DATABASE (workers inherit it) when TEST_DATABASE_URL is set; answers how to drop it. */
async function migratedTemplate(): Promise<() => Promise<void>> {
  const admin = process.env['TEST_DATABASE_URL'];
  if (!admin) return () => Promise.resolve();
  const name = `ep_template_${process.pid}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try { await client.query(text); } finally { await client.end(); }
  };
  await query(`drop database if exists ${name} with (force)`);
  await query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-template-'));
  const db = openDatabase({ databaseUrl: url.toString(), dataDir });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.env['TEST_TEMPLATE_DATABASE'] = name;
  return async () => {
    delete process.env['TEST_TEMPLATE_DATABASE'];
    await query(`drop database if exists ${name} with (force)`);
  };
}
