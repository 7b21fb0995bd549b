import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from '~/server/app';
import { config } from '~/server/config';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';

/**
 * The project root: the nearest folder above this module holding package.json. This module
 * runs from src/ in dev and tests and from a chunk under dist/server/ in production.
 */
function projectRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function demoEventFilePath(): string {
  return config().demoEventFile ?? join(projectRoot() ?? process.cwd(), 'events', 'demo.event.json');
}

/** Imports the demo event when the database holds no event (first start of a fresh install). */
export async function seedDemoIfEmpty(): Promise<void> {
  const { events, eventImport } = app();
  if ((await events.countEvents()) > 0) return;
  const file = demoEventFilePath();
  if (!existsSync(file)) {
    log.warn('demo event not seeded: file missing', { file });
    return;
  }
  const started = performance.now();
  try {
    const result = await eventImport.importEvent(JSON.parse(readFileSync(file, 'utf8')), { createOnly: true });
    log.info('demo event seeded', { file, eventId: result.eventId, slug: result.slug, ms: Math.round(performance.now() - started) });
  } catch (error) {
    // Nodes starting together on an empty database race to seed; the loser's import conflicts
    // with the winner's event. That is the expected outcome, not a fault.
    if (error instanceof DomainError && error.code === 'event_file.conflict') {
      log.info('demo event already seeded by another node', { file });
      return;
    }
    // A broken demo file must not keep the server from starting.
    const details = error instanceof DomainError ? { code: error.code, issues: error.details?.['issues'] } : { error: String(error) };
    log.error('demo event not seeded', { file, ...details });
  }
}
