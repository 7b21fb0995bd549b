// Organisers' event files: `npm run event -- import FILE.json`, `npm run event -- export SLUG [--out FILE]`.
// Uses the server's settings (DATABASE_URL or DATA_DIR) and brings the schema up to date first.
import { readFileSync, writeFileSync } from 'node:fs';
import { app } from '~/server/app';
import { config } from '~/server/config';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { closeDatabase, migrateToLatest } from '~/server/db/database';
import { DomainError } from '~/server/errors';
import { realtime } from '~/server/realtime/index';

// Informational JSON log lines would mix with an export written to stdout.
process.env['LOG_LEVEL'] ??= 'warn';

const USAGE = [
  'Usage: npm run event -- import FILE.json',
  '       npm run event -- export SLUG [--out FILE]',
  '       npm run event -- export-attendee SLUG EMAIL [--out FILE]   (the attendee\'s data, docs/privacy.md)',
  '       npm run event -- delete-attendee SLUG EMAIL                (erase the attendee\'s data)',
].join('\n');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function importFile(path: string | undefined): Promise<void> {
  if (!path) fail(USAGE);
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    fail(`${path}: ${error instanceof SyntaxError ? 'not valid JSON: ' : ''}${(error as Error).message}`);
  }
  const started = performance.now();
  const result = await app().eventImport.importEvent(input);
  const counts = Object.entries(result.counts).filter(([, n]) => n > 0).map(([what, n]) => `${n} ${what}`).join(', ');
  process.stdout.write(`${result.created ? 'Created' : 'Updated'} event "${result.slug}" (id ${result.eventId}, version ${result.version}) ` +
    `in ${Math.round(performance.now() - started)} ms: ${counts || 'no content'}\n`);
}

async function exportEvent(slug: string | undefined, out: string | undefined): Promise<void> {
  if (!slug) fail(USAGE);
  const text = `${JSON.stringify(await app().eventExport.exportEvent(slug), null, 2)}\n`;
  if (out) {
    writeFileSync(out, text);
    process.stdout.write(`Exported event "${slug}" to ${out}\n`);
  } else process.stdout.write(text);
}

/** The organiser's side of the attendee's rights: the same export and erasure as the profile's buttons. */
async function attendee(command: 'export-attendee' | 'delete-attendee', slug: string | undefined, email: string | undefined, out: string | undefined): Promise<void> {
  if (!slug || !email) fail(USAGE);
  const event = await app().events.findByIdentity(slug);
  if (!event) fail(`No event "${slug}"`);
  const userId = await app().privacy.findAttendee(event.eventId, email);
  if (command === 'delete-attendee') {
    // Mails to people moving up from the waiting list link to LINK_ORIGIN when set.
    await app().privacy.deleteAccount(event, userId, linkOriginFor(event.eventSlug, `http://${event.eventSlug}.localhost:${config().port}`));
    process.stdout.write(`Erased the data of ${email} in "${slug}"\n`);
    return;
  }
  const { data } = await app().privacy.exportData(event, userId);
  const text = `${JSON.stringify(data, null, 2)}\n`;
  if (out) {
    writeFileSync(out, text, { mode: 0o600 });
    process.stdout.write(`Exported the data of ${email} in "${slug}" to ${out}\n`);
  } else process.stdout.write(text);
}

const COMMANDS = ['import', 'export', 'export-attendee', 'delete-attendee'] as const;
const isCommand = (value: string | undefined): value is (typeof COMMANDS)[number] => COMMANDS.includes(value as (typeof COMMANDS)[number]);

async function main(): Promise<void> {
  const [command, argument, ...rest] = process.argv.slice(2);
  const outAt = rest.indexOf('--out');
  const out = outAt >= 0 ? rest[outAt + 1] : undefined;
  if (!isCommand(command)) fail(USAGE);
  if (outAt >= 0 && !out) fail(USAGE);
  try {
    await migrateToLatest(app().db);
    if (command === 'import') await importFile(argument);
    else if (command === 'export') await exportEvent(argument, out);
    else await attendee(command, argument, rest[0] === '--out' ? undefined : rest[0], out);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const issues = error.details?.['issues'];
    const written = command === 'import' ? '; nothing was written' : '';
    process.stderr.write(Array.isArray(issues) ? `${error.message}${written}:\n${issues.map(String).join('\n')}\n` : `${error.message}${written}\n`);
    process.exitCode = 1;
  } finally {
    await realtime().close();
    await closeDatabase();
  }
}

await main();
