import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { holdRequest, stalledSmtp, until } from './ops-helpers';
import { parsePrometheusText, sampleValue } from './prometheus-text';
import { connect } from './realtime-helpers';

const METRICS_TOKEN = 'test-metrics-token';

/** The metrics table of docs/operations.md: name, type and label names of each row. */
function documentedMetrics(): { name: string; type: string; labels: string[] }[] {
  const text = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('## Metrics'));
  return [...section.matchAll(/^\| `([a-z_:]+)` \| (counter|gauge|histogram) \| ([^|]*) \|/gm)].map(([, name, type, labels]) => ({
    name: name!, type: type!, labels: [...labels!.matchAll(/`(\w+)`/g)].map((m) => m[1]!).sort(),
  }));
}

describe('GET /metrics and /readyz', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };

  beforeAll(async () => {
    // Behind a trusted proxy (TRUST_PROXY): its X-Request-Start stamps are believed.
    server = await startServer({ env: { SEED_DEMO: '0', METRICS_TOKEN, TRUST_PROXY: '1' } });
    f = factories(server);
    event = await f.newEvent();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const scrape = async () => {
    const res = await call(server, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parsePrometheusText(res.body);
  };

  it('parses as Prometheus text and its counters move with requests, votes and sockets', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    const before = await scrape();
    for (const name of ['ep_http_requests_total', 'ep_http_request_duration_seconds', 'ep_http_in_flight', 'ep_realtime_sockets',
      'ep_event_loop_lag_seconds', 'ep_poll_votes_total', 'ep_poll_votes_per_second', 'ep_broker_lag_seconds', 'ep_broker_connected', 'ep_http_shed_total',
      'ep_event_loop_utilization', 'ep_http_request_wait_seconds']) {
      expect(before.has(name), name).toBe(true);
    }
    const route = `/api/liveEvent/:eventId/liveStorePollAnswer`;
    const votesBefore = sampleValue(before, 'ep_poll_votes_total') ?? 0;
    const okBefore = sampleValue(before, 'ep_http_requests_total', { route, method: 'POST', status: '200' }) ?? 0;

    const socket = await connect(server, event.host);
    for (let i = 0; i < 3; i++) {
      const who = await newAttendee(f, event.id);
      // The last one as nginx forwards it, stamped 2 s ago: an idle node read it at once, so the
      // wait was the proxy's and it is admitted, and measured.
      const stamp = i === 2 ? { 'x-request-start': `t=${((Date.now() - 2000) / 1000).toFixed(3)}` } : {};
      const res = await call(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, {
        host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json', ...stamp },
        body: JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] }),
      });
      expect(res.status).toBe(200);
    }
    const bad = await call(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, { host: event.host, method: 'POST', body: '{}' });
    expect(bad.status).toBe(401);

    const after = await scrape();
    expect(sampleValue(after, 'ep_poll_votes_total')).toBe(votesBefore + 3);
    expect(sampleValue(after, 'ep_poll_votes_per_second')).toBeGreaterThanOrEqual(0);
    // Labelled by the route pattern, never by the raw URL with its ids.
    expect(sampleValue(after, 'ep_http_requests_total', { route, method: 'POST', status: '200' })).toBe(okBefore + 3);
    expect(sampleValue(after, 'ep_http_requests_total', { route, method: 'POST', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(after.get('ep_http_requests_total')!.samples.some((s) => s.labels['route']!.includes(String(event.id)))).toBe(false);
    expect(sampleValue(after, 'ep_http_request_duration_seconds_count', { route })).toBeGreaterThanOrEqual(okBefore + 4);
    expect(sampleValue(after, 'ep_realtime_sockets')).toBe(1);
    expect(sampleValue(after, 'ep_broker_connected')).toBe(1);
    expect(sampleValue(after, 'ep_broker_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'ep_event_loop_lag_seconds', { quantile: '0.99' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'ep_http_request_wait_seconds_count')).toBe((sampleValue(before, 'ep_http_request_wait_seconds_count') ?? 0) + 1);
    expect(sampleValue(after, 'ep_http_request_wait_seconds_sum')! - (sampleValue(before, 'ep_http_request_wait_seconds_sum') ?? 0)).toBeGreaterThanOrEqual(2);
    expect(sampleValue(after, 'ep_event_loop_utilization')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'ep_event_loop_utilization')).toBeLessThanOrEqual(1);
    socket.ws.close();
    await until(async () => sampleValue(await scrape(), 'ep_realtime_sockets') === 0);
  });

  it('exposes every metric docs/operations.md documents, with its type and labels', async () => {
    const documented = documentedMetrics();
    expect(documented.length).toBeGreaterThanOrEqual(19);
    await call(server, '/login', { host: event.host });
    const families = await scrape();
    for (const { name, type, labels } of documented) {
      const family = families.get(name);
      expect(family?.type, name).toBe(type);
      for (const sample of family!.samples) {
        const { le: _bound, ...own } = sample.labels;
        expect(Object.keys(own).sort(), sample.name).toEqual(labels);
      }
    }
    expect(families.get('ep_http_requests_total')!.samples.length).toBeGreaterThan(0);
  });

  it('serves loopback scrapes and token holders only; a proxied request needs the token', async () => {
    const proxied = await call(server, '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(401);
    expect(proxied.headers['www-authenticate']).toBe('Bearer');
    const wrong = await call(server, '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const right = await call(server, '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.status).toBe(200);
    expect(parsePrometheusText(right.body).has('ep_http_requests_total')).toBe(true);
  });

  it('answers a request whatever its X-Request-Start holds: junk, repeated, far past or future stamps are not waits', async () => {
    const before = sampleValue(await scrape(), 'ep_http_request_wait_seconds_count') ?? 0;
    const junk = ['', 't=', 'garbage', 't=-5', 't=NaN', 't=1e400', `t=${(Date.now() - 3_600_000) / 1000}`, `t=${(Date.now() + 3_600_000) / 1000}`, 'x'.repeat(4000)];
    for (const stamp of junk) {
      const res = await call(server, '/login', { host: event.host, headers: { 'x-request-start': stamp } });
      expect(res.status, stamp.slice(0, 20)).toBe(200);
    }
    // None of them is measured as a wait.
    expect(sampleValue(await scrape(), 'ep_http_request_wait_seconds_count') ?? 0).toBe(before);
  });

  it('answers /readyz 200 with its checks, on any host', async () => {
    for (const host of ['demo.localhost', 'nosuchevent.localhost', event.host]) {
      const res = await call(server, '/readyz', { host });
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ ok: true, migrations: true, database: true, storage: true, broker: true, draining: false, inFlight: 1, receiving: 0, shedding: false });
    }
  });
});

describe('overload shedding (MAX_IN_FLIGHT=2)', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let smtp: Awaited<ReturnType<typeof stalledSmtp>>;
  let sponsorId: number;

  beforeAll(async () => {
    smtp = await stalledSmtp();
    server = await startServer({ env: { SEED_DEMO: '0', MAX_IN_FLIGHT: '2', SMTP_URL: smtp.url } });
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('lobbySponsors', 'sponsorContact') });
    sponsorId = Number((await f.db.kysely.insertInto('sponsors').values({
      event_id: event.id, key: 'held', name: 'Held AS', position: 0, links: '[]', email: 'sales@held.example',
    }).returning('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); await smtp?.close(); });

  /**
   * Two calls held in flight: each sends the attendee's contact details to the sponsor and waits
   * on the stalled mail server, until `release()`.
   */
  async function holdTwoInFlight(): Promise<{ release(): Promise<number[]> }> {
    const before = smtp.waiting();
    const callers = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const answers = callers.map((who) => call(server, `/api/liveEvent/${event.id}/sendContactInfo/${sponsorId}`, { host: event.host, headers: who.auth }));
    await until(() => Promise.resolve(smtp.waiting() >= before + 2));
    return {
      async release() {
        smtp.release();
        return (await Promise.all(answers)).map((res) => res.status);
      },
    };
  }

  it('answers 503 with Retry-After past the limit, keeps the probes and metrics up, and recovers', async () => {
    const held = await holdTwoInFlight();
    const shed = await call(server, '/login', { host: event.host });
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toMatchObject({ error: 'server.overloaded' });
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await call(server, path)).status).toBe(200);
    const ready = (await call(server, '/readyz')).json<{ ok: boolean; inFlight: number; shedding: boolean }>();
    expect(ready).toMatchObject({ ok: true, shedding: true });
    expect(ready.inFlight).toBeGreaterThanOrEqual(2);

    expect(await held.release()).toEqual([200, 200]);
    expect((await call(server, '/login', { host: event.host })).status).toBe(200);
    const metrics = parsePrometheusText((await call(server, '/metrics')).body);
    expect(sampleValue(metrics, 'ep_http_shed_total', { reason: 'in_flight' })).toBe(1);
  });

  it('counts a POST in flight only once its body has arrived: bodies trickling in hold no slot', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }] });
    const voters = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const body = JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] });
    const held = voters.map((who) => holdRequest(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, { host: event.host, headers: who.auth, body }));
    const receiving = async () => sampleValue(parsePrometheusText((await call(server, '/metrics')).body), 'ep_http_receiving') ?? 0;
    await until(async () => (await receiving()) >= 3);
    expect((await call(server, '/login', { host: event.host })).status).toBe(200);
    expect((await Promise.all(held.map((h) => h.finish()))).map((res) => res.status)).toEqual([200, 200, 200]);
  });

  it('without TRUST_PROXY believes no X-Request-Start: a client reaching the node directly cannot fake waits in /metrics', async () => {
    const waits = async () => sampleValue(parsePrometheusText((await call(server, '/metrics')).body), 'ep_http_request_wait_seconds_count') ?? 0;
    const before = await waits();
    for (let i = 0; i < 5; i++) {
      const res = await call(server, '/login', { host: event.host, headers: { 'x-request-start': `t=${((Date.now() - 30_000) / 1000).toFixed(3)}` } });
      expect(res.status).toBe(200);
    }
    expect(await waits()).toBe(before);
  });

  it('under a burst of 50 votes while full answers only 200 or 503, fast, and stores exactly the acknowledged ones', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }] });
    const crowd: Attendee[] = [];
    for (let i = 0; i < 50; i++) crowd.push(await newAttendee(f, event.id));
    const body = JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] });
    const vote = async (who: Attendee) => {
      const started = performance.now();
      const res = await call(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, {
        host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body,
      });
      return { who, status: res.status, retryAfter: res.headers['retry-after'], ms: performance.now() - started };
    };
    // The first half comes while two calls hold every slot: all of it is shed, at once.
    const held = await holdTwoInFlight();
    const whileFull = await Promise.all(crowd.slice(0, 25).map(vote));
    expect(whileFull.map((a) => a.status)).toEqual(whileFull.map(() => 503));
    expect(whileFull.filter((a) => a.retryAfter !== '1')).toEqual([]);
    expect(await held.release()).toEqual([200, 200]);
    // The second half at once, the node free: each answered 200 or shed, nothing else.
    const answers = await Promise.all(crowd.slice(25).map(vote));
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const acked = answers.filter((a) => a.status === 200);
    expect(acked.length).toBeGreaterThan(0);
    // What it accepts stays fast.
    expect(Math.max(...acked.map((a) => a.ms))).toBeLessThan(1000);
    const rows = await f.db.kysely.selectFrom('poll_answers').select('user_id').where('poll_id', '=', poll.id).execute();
    expect(rows.map((r) => Number(r.user_id)).sort((a, b) => a - b)).toEqual(acked.map((a) => a.who.id).sort((a, b) => a - b));
  }, 60_000);
});
