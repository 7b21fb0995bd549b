// `npm run db:migrate`: brings the schema of DATABASE_URL (or the SQLite file under DATA_DIR) up to date.
// The server does this at start too; this is for deployments that migrate as a separate step.
import { closeDatabase, database, migrateToLatest } from '~/server/db/database';

const db = database();
try {
  const applied = await migrateToLatest(db);
  process.stdout.write(applied.length > 0 ? `Applied ${applied.join(', ')} to ${db.location}\n` : `${db.location} is up to date\n`);
} finally {
  await closeDatabase();
}
