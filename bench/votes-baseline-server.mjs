// bench:votes' yardstick: the least a Node server can do for the same vote, on the same database
// engine and machine, in the same run. Bare node:http + `ws`, no framework: POST /vote with a
// bearer token does what a vote needs to do durably (find the token's user by its SHA-256 hash;
// one transaction that stores the answer once per user, its choice and bumps the running count),
// answers 200, and a coalesced `poll-change` with the full counts goes to every socket with
// `client.send(string)` (as ws's README broadcasts, like bench/baseline-server.mjs). SQLite
// through node:sqlite with the server's pragmas, or PostgreSQL through `pg` (pool of 10, like the
// server) when BASELINE_DATABASE_URL is set. Its tables are its own (prefix bv_) and dropped on
// SIGTERM. Prints {"message":"listening","port":N} when ready.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { WebSocketServer } from 'ws';

const env = process.env;
const { tokens, pollId, alternatives } = JSON.parse(readFileSync(env.BASELINE_SEED_FILE, 'utf8'));
const COALESCE_MS = Number(env.BASELINE_COALESCE_MS ?? 200);
const prefix = env.BASELINE_TABLE_PREFIX ?? 'bv_';
const hashToken = (token) => createHash('sha256').update(token).digest('base64url');

const DDL = [
  `create table ${prefix}tokens (token_hash text primary key, user_id integer not null)`,
  `create table ${prefix}counts (alternative_id integer primary key, poll_id integer not null, count integer not null default 0)`,
  `create table ${prefix}answers (id integer primary key ${env.BASELINE_DATABASE_URL ? 'generated always as identity' : 'autoincrement'}, poll_id integer not null, user_id integer not null, created_at text not null, unique (poll_id, user_id))`,
  `create table ${prefix}choices (answer_id integer not null references ${prefix}answers(id) on delete cascade, alternative_id integer not null references ${prefix}counts(alternative_id), primary key (answer_id, alternative_id))`,
];
const TABLES = ['choices', 'answers', 'counts', 'tokens'].map((t) => prefix + t);

/** The database side: setup, a vote (true: stored; false: this user had answered), counts, teardown. */
async function openStore() {
  if (env.BASELINE_DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.BASELINE_DATABASE_URL, max: 10 });
    for (const table of TABLES) await pool.query(`drop table if exists ${table}`);
    for (const statement of DDL) await pool.query(statement);
    await pool.query(`insert into ${prefix}tokens select * from unnest($1::text[], $2::int[])`, [tokens.map(hashToken), tokens.map((_, i) => i + 1)]);
    await pool.query(`insert into ${prefix}counts (alternative_id, poll_id) select unnest($1::int[]), $2`, [alternatives, pollId]);
    return {
      async userOf(token) {
        const { rows } = await pool.query({ name: 'user', text: `select user_id from ${prefix}tokens where token_hash = $1`, values: [hashToken(token)] });
        return rows[0]?.user_id;
      },
      async vote(userId, alternativeIds) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query({ name: 'answer', text: `insert into ${prefix}answers (poll_id, user_id, created_at) values ($1, $2, $3) on conflict do nothing returning id`, values: [pollId, userId, new Date().toISOString()] });
          if (rows.length === 0) { await client.query('rollback'); return false; }
          for (const alternativeId of alternativeIds) {
            await client.query({ name: 'choice', text: `insert into ${prefix}choices (answer_id, alternative_id) values ($1, $2)`, values: [rows[0].id, alternativeId] });
            await client.query({ name: 'bump', text: `update ${prefix}counts set count = count + 1 where alternative_id = $1`, values: [alternativeId] });
          }
          await client.query('commit');
          return true;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      async counts() {
        const { rows } = await pool.query({ name: 'counts', text: `select alternative_id as id, count from ${prefix}counts where poll_id = $1 order by alternative_id`, values: [pollId] });
        return rows;
      },
      async close() {
        for (const table of TABLES) await pool.query(`drop table if exists ${table}`);
        await pool.end();
      },
    };
  }
  const db = new DatabaseSync(env.BASELINE_SQLITE_FILE);
  for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000']) db.exec(`PRAGMA ${pragma}`);
  for (const statement of DDL) db.exec(statement);
  db.exec('begin');
  const addToken = db.prepare(`insert into ${prefix}tokens values (?, ?)`);
  tokens.forEach((token, i) => addToken.run(hashToken(token), i + 1));
  const addCount = db.prepare(`insert into ${prefix}counts (alternative_id, poll_id) values (?, ?)`);
  for (const id of alternatives) addCount.run(id, pollId);
  db.exec('commit');
  const user = db.prepare(`select user_id from ${prefix}tokens where token_hash = ?`);
  const answer = db.prepare(`insert into ${prefix}answers (poll_id, user_id, created_at) values (?, ?, ?) on conflict do nothing returning id`);
  const choice = db.prepare(`insert into ${prefix}choices (answer_id, alternative_id) values (?, ?)`);
  const bump = db.prepare(`update ${prefix}counts set count = count + 1 where alternative_id = ?`);
  const counts = db.prepare(`select alternative_id as id, count from ${prefix}counts where poll_id = ? order by alternative_id`);
  return {
    async userOf(token) { return user.get(hashToken(token))?.user_id; },
    async vote(userId, alternativeIds) {
      db.exec('begin immediate');
      try {
        const row = answer.get(pollId, userId, new Date().toISOString());
        if (!row) { db.exec('rollback'); return false; }
        for (const alternativeId of alternativeIds) { choice.run(row.id, alternativeId); bump.run(alternativeId); }
        db.exec('commit');
        return true;
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
    },
    async counts() { return counts.all(pollId).map((r) => ({ id: r.id, count: r.count })); },
    async close() { db.close(); },
  };
}

const store = await openStore();

// Coalesced broadcast, the same rule as the server's (src/server/polls/tally-coalescer.ts): the
// first change after a quiet spell goes out at once, then at most one per COALESCE_MS carries
// whatever changed meanwhile. Full counts, so a late frame is harmless.
let timer;
let running = false;
let dirty = false;
let lastFlushAt = -Infinity;
function schedule() {
  if (timer || running || !dirty) return;
  timer = setTimeout(run, Math.max(0, lastFlushAt + COALESCE_MS - Date.now()));
}
function run() {
  timer = undefined;
  dirty = false;
  running = true;
  lastFlushAt = Date.now();
  void flush().catch((error) => process.stderr.write(`flush failed: ${error}\n`)).finally(() => { running = false; schedule(); });
}
async function flush() {
  const counts = await store.counts();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const frame = JSON.stringify({ type: 'event', name: 'poll-change', data: { pollId, parentId: null, participantsCount: total, allVoteCount: total, counts } });
  for (const client of wss.clients) client.send(frame);
}
const changed = () => { dirty = true; schedule(); };

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk) => { body += chunk; }).on('end', () => resolve(body)).on('error', reject);
  });
}

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'GET' && req.url === '/tally') {
      const counts = await store.counts();
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ total: counts.reduce((sum, c) => sum + c.count, 0), counts }));
    }
    if (req.method !== 'POST' || req.url !== '/vote') return void res.writeHead(404).end();
    const body = JSON.parse(await readBody(req));
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const userId = token ? await store.userOf(token) : undefined;
    if (!userId) return void res.writeHead(401).end();
    if (body.PollID !== pollId || !Array.isArray(body.Alternatives) || !body.Alternatives.every((id) => alternatives.includes(id))) return void res.writeHead(400).end();
    const stored = await store.vote(userId, body.Alternatives);
    if (stored) changed();
    // Like the server, answer with the poll as the voter now sees it: the counts included.
    const counts = await store.counts();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: pollId, selectedAnswer: body.Alternatives, isAnswered: true, alternatives: counts }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
const wss = new WebSocketServer({ server, path: '/realtime', perMessageDeflate: false });
wss.on('connection', (socket) => socket.send(JSON.stringify({ type: 'welcome', eventId: 1 })));

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ message: 'listening', port: server.address().port }) + '\n');
});
process.on('SIGTERM', () => {
  for (const client of wss.clients) client.terminate();
  void store.close().finally(() => process.exit(0));
});
