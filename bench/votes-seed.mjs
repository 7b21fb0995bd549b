// bench:votes helpers: the bench event file, the database it runs on, and reading ids back.
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/** Who chooses what: attendee i takes WEIGHTS' alternative by i mod 10 (40 / 30 / 20 / 10 %). */
export const ALTERNATIVES = ['Offshore wind', 'Hydropower', 'Solar', 'Geothermal'];
const BY_DIGIT = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3];
export const choiceOf = (i) => BY_DIGIT[i % 10];
export function expectedCounts(n) {
  const counts = ALTERNATIVES.map(() => 0);
  for (let i = 0; i < n; i += 1) counts[choiceOf(i)] += 1;
  return counts;
}

/**
 * One stored hash for every bench attendee, in the platform's format (scrypt$N$r$p$salt$hash,
 * src/server/shared/password.ts; event files may carry it, see event-import/cross-references.ts).
 * The bench deliberately uses cheap parameters (N = 2^4): at the production N = 2^15 one login
 * costs ~0.5 s of CPU on this machine, so 10,000 logins would take over an hour, and logging in
 * is not what this bench measures. The login path itself is the real one.
 */
export function benchPasswordHash(password) {
  const params = { N: 16, r: 8, p: 1 };
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export const emailOf = (i) => `voter-${i}@votes.bench.test`;

/** The bench event: N attendees sharing one password, one open multiple-choice poll with public results. */
export function benchEventFile({ slug, attendees, passwordHash }) {
  return {
    slug, name: 'Votes bench', timeZone: 'UTC', start: 'now-1h', end: 'now+1d', active: true,
    users: Array.from({ length: attendees }, (_, i) => ({ email: emailOf(i), firstName: 'Voter', lastName: String(i), passwordHash })),
    polls: [{
      key: 'burst', title: 'Vote now', question: 'Which energy source will matter most by 2035?', type: 'multipleAnswers',
      accessKey: `${slug}-burst`.slice(0, 80), publicResults: true, open: true,
      alternatives: ALTERNATIVES.map((text) => ({ text })),
    }],
  };
}

/** The session cookie's name, read from the server's source so the bench follows a rename. */
export function sessionCookieName(root) {
  const source = readFileSync(new URL('src/server/http/session-cookie.ts', root), 'utf8');
  return /SESSION_COOKIE\s*=\s*'([^']+)'/.exec(source)?.[1] ?? 'ep_session';
}

/**
 * The database the server runs on. With DATABASE_URL: a fresh database beside it (dropped at
 * the end), or, when the role may not create databases, DATABASE_URL itself (the bench event has
 * a unique slug and is deleted at the end). Without: the SQLite file in the temp data dir.
 */
export async function benchDatabase({ databaseUrl, dataDir, say }) {
  if (!databaseUrl) {
    const file = `${dataDir}/eventplatform.sqlite`;
    const query = async (sql, params = []) => {
      const db = new DatabaseSync(file);
      try { return db.prepare(sql.replace(/\$\d+/g, '?')).all(...params); } finally { db.close(); }
    };
    return { kind: 'sqlite', serverUrl: '', query, baselineUrl: '', async cleanup() {} };
  }
  const name = `ep_bench_votes_${process.pid}_${randomBytes(3).toString('hex')}`;
  let url = databaseUrl;
  let fresh = false;
  try {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try { await admin.query(`create database ${name}`); fresh = true; } finally { await admin.end(); }
    const next = new URL(databaseUrl);
    next.pathname = `/${name}`;
    url = next.toString();
  } catch (error) {
    say(`could not create a database (${error.message}); running on DATABASE_URL itself with a unique slug`);
  }
  const query = async (sql, params = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try { return (await client.query(sql, params)).rows; } finally { await client.end(); }
  };
  return {
    kind: 'postgres', serverUrl: url, baselineUrl: url, query, fresh,
    async cleanup(eventId) {
      if (fresh) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try { await admin.query(`drop database if exists ${name} with (force)`); } finally { await admin.end(); }
      } else if (eventId) {
        // Every table hangs off events with ON DELETE CASCADE.
        await query('delete from events where id = $1', [eventId]);
      }
    },
  };
}
