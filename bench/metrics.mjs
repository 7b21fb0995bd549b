// `npm run bench:metrics`: what recording a request costs on the hot path (one counter inc with
// route, method and status, and one histogram observe by route, as instruments.ts does per
// request), with prom-client against the hand-written registry the platform used before it (its
// recording path is copied below as the baseline), in the same process, alternating rounds so
// a noisy neighbour hurts both alike. Also the cost of one scrape (rendering every series).
// Prints ONE JSON line: CPU ns per request recorded and CPU µs per scrape, median and range of
// ROUNDS rounds each, and the ratios prom-client / baseline.
import { loadavg } from 'node:os';
import { Counter, Histogram, Registry } from 'prom-client';

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const PER_ROUND = Number(process.env.N ?? 200_000);
const SCRAPES = 200;
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Forty route patterns, two methods, four statuses: a node's realistic series count.
const ROUTES = Array.from({ length: 40 }, (_, i) => `/api/liveEvent/[eventId]/route${i}`);
const STATUSES = ['200', '304', '401', '404'];
const METHODS = ['GET', 'POST'];

/** The baseline: the old registry's recording and rendering, as it was. */
function baseline() {
  const keyOf = (names, labels) => JSON.stringify(names.map((name) => labels[name] ?? ''));
  const escapeLabel = (v) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
  const labelText = (labels) => {
    const pairs = Object.entries(labels);
    return pairs.length === 0 ? '' : `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
  };
  const value = (v) => (Number.isNaN(v) ? 'NaN' : v === Infinity ? '+Inf' : v === -Infinity ? '-Inf' : String(v));
  class Labelled {
    constructor(name, labelNames) { this.name = name; this.labelNames = labelNames; this.series = new Map(); }
    stateOf(labels, fresh) {
      const key = keyOf(this.labelNames, labels);
      let entry = this.series.get(key);
      if (!entry) {
        const ordered = {};
        for (const label of this.labelNames) ordered[label] = labels[label] ?? '';
        entry = { labels: ordered, state: fresh() };
        this.series.set(key, entry);
      }
      return entry.state;
    }
  }
  class OldCounter extends Labelled {
    inc(labels = {}, by = 1) { this.stateOf(labels, () => ({ value: 0 })).value += by; }
    render() {
      let text = `# HELP ${this.name} h\n# TYPE ${this.name} counter\n`;
      for (const { labels, state } of this.series.values()) text += `${this.name}${labelText(labels)} ${value(state.value)}\n`;
      return text;
    }
  }
  class OldHistogram extends Labelled {
    constructor(name, labelNames, buckets) { super(name, labelNames); this.buckets = buckets; }
    observe(v, labels = {}) {
      const state = this.stateOf(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
      for (let i = 0; i < this.buckets.length; i += 1) if (v <= this.buckets[i]) state.counts[i] += 1;
      state.sum += v;
      state.count += 1;
    }
    render() {
      let text = `# HELP ${this.name} h\n# TYPE ${this.name} histogram\n`;
      for (const { labels, state } of this.series.values()) {
        this.buckets.forEach((bound, i) => { text += `${this.name}_bucket${labelText({ ...labels, le: value(bound) })} ${state.counts[i]}\n`; });
        text += `${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${state.count}\n`;
        text += `${this.name}_sum${labelText(labels)} ${value(state.sum)}\n${this.name}_count${labelText(labels)} ${state.count}\n`;
      }
      return text;
    }
  }
  const requests = new OldCounter('ep_http_requests_total', ['route', 'method', 'status']);
  const duration = new OldHistogram('ep_http_request_duration_seconds', ['route'], BUCKETS);
  return {
    record(route, method, status, seconds) {
      requests.inc({ route, method, status });
      duration.observe(seconds, { route });
    },
    scrape: () => Promise.resolve(requests.render() + duration.render()),
  };
}

function promClient() {
  const registry = new Registry();
  const requests = new Counter({ name: 'ep_http_requests_total', help: 'h', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const duration = new Histogram({ name: 'ep_http_request_duration_seconds', help: 'h', labelNames: ['route'], buckets: BUCKETS, registers: [registry] });
  return {
    record(route, method, status, seconds) {
      requests.inc({ route, method, status });
      duration.observe({ route }, seconds);
    },
    scrape: () => registry.metrics(),
  };
}

// The same request stream for both: pseudo-random routes and latencies, fixed seed.
const stream = Array.from({ length: 4096 }, (_, i) => {
  const r = (i * 2654435761) >>> 0;
  return [ROUTES[r % ROUTES.length], METHODS[(r >>> 8) % 2], STATUSES[(r >>> 12) % 4], ((r >>> 4) % 2000) / 1000];
});

/** CPU µs (user + system) this process used since `from`: it counts only while the process runs, so a busy machine slows it less than wall time. */
const cpuUs = (from) => {
  const { user, system } = process.cpuUsage(from);
  return user + system;
};

function recordRound(registry) {
  const started = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i += 1) {
    const [route, method, status, seconds] = stream[i & 4095];
    registry.record(route, method, status, seconds);
  }
  return (cpuUs(started) * 1000) / PER_ROUND;
}

async function scrapeRound(registry) {
  const started = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < SCRAPES; i += 1) bytes += (await registry.scrape()).length;
  return { us: cpuUs(started) / SCRAPES, bytes: bytes / SCRAPES };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (n, digits = 1) => Number(n.toFixed(digits));
const summary = (values) => ({ median: round(median(values)), min: round(Math.min(...values)), max: round(Math.max(...values)) });

const registries = { baseline: baseline(), promClient: promClient() };
// Warm both (JIT, every series created) before measuring.
for (const registry of Object.values(registries)) recordRound(registry);
const times = { baseline: { record: [], scrape: [], bytes: 0 }, promClient: { record: [], scrape: [], bytes: 0 } };
const load = loadavg()[0];
for (let r = 0; r < ROUNDS; r += 1) {
  // Alternate which goes first, so neither always runs on a warmer (or busier) machine.
  const order = r % 2 === 0 ? ['baseline', 'promClient'] : ['promClient', 'baseline'];
  for (const name of order) {
    times[name].record.push(recordRound(registries[name]));
    const scrape = await scrapeRound(registries[name]);
    times[name].scrape.push(scrape.us);
    times[name].bytes = Math.round(scrape.bytes);
  }
}
const ratios = (key) => times.baseline[key].map((b, i) => times.promClient[key][i] / b);
console.log(JSON.stringify({
  bench: 'metrics', date: new Date().toISOString(), node: process.version, loadBefore: round(load, 2), loadAfter: round(loadavg()[0], 2),
  rounds: ROUNDS, requestsPerRound: PER_ROUND, series: { requests: ROUTES.length * METHODS.length * STATUSES.length, durations: ROUTES.length },
  nsPerRequestRecorded: { baseline: summary(times.baseline.record), promClient: summary(times.promClient.record) },
  usPerScrape: { baseline: summary(times.baseline.scrape), promClient: summary(times.promClient.scrape) },
  scrapeBytes: { baseline: times.baseline.bytes, promClient: times.promClient.bytes },
  ratioPromClientToBaseline: {
    record: { median: round(median(ratios('record')), 2), min: round(Math.min(...ratios('record')), 2), max: round(Math.max(...ratios('record')), 2) },
    scrape: { median: round(median(ratios('scrape')), 2), min: round(Math.min(...ratios('scrape')), 2), max: round(Math.max(...ratios('scrape')), 2) },
  },
}));
