import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Why a request was refused with 503 (the `reason` label of ep_http_shed_total). */
export type ShedReason = 'in_flight' | 'event_loop_lag' | 'queue' | 'waited';

/** Seconds; from a cached static answer (~1 ms) to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; Redis on the same network answers in well under a millisecond when healthy. */
const BROKER_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Event-loop delay is sampled every RESOLUTION_MS and summarised per WINDOW_MS window. */
const RESOLUTION_MS = 10;
const WINDOW_MS = 500;
/** Event-loop utilisation is read over windows of this length. */
const BUSY_WINDOW_MS = 250;
/** Seconds a request waited between the load balancer and the node; healthy is a millisecond or less. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Votes per second are averaged over this many one-second slots. */
const VOTE_SLOTS = 10;

/** What a node knows about itself: readiness inputs, the drain flag, in-flight requests. */
export interface OpsState {
  /** Set once migrations ran (readiness waits for it). */
  migrated: boolean;
  /** Set on SIGTERM: readiness answers 503, responses close their connection. */
  draining: boolean;
  /** HTTP requests handed to the application, their bodies arrived, and not finished yet: what the in-flight budget counts. */
  inFlight: number;
  /** Requests admitted whose bodies are still arriving: not counted in flight until they have (a slow body holds no slot). */
  receiving: number;
  /** When (performance.now()) the gate last refused a request as overloaded; readiness says so for a second. */
  lastShedAt: number;
  /**
   * Sustained event-loop delay in ms, what shedding reads: the smaller median of the last two
   * windows, so one long task (a start-up, a big import) never sheds, a saturated loop does.
   */
  lagMs: number;
  /**
   * Share of the last BUSY_WINDOW_MS the event loop spent running code rather than waiting for
   * I/O (0–1). Near 1 the node reads its sockets only when it gets to them.
   */
  busy: number;
}

/** prom-client's metric types, registered in `registry` rather than the library's process-global one. */
function metricsIn(registry: Registry) {
  const registers = [registry];
  return {
    counter: <T extends string>(name: string, help: string, labelNames: readonly T[] = []) => new Counter<T>({ name, help, labelNames, registers }),
    histogram: <T extends string>(name: string, help: string, labelNames: readonly T[], buckets: number[]) =>
      new Histogram<T>({ name, help, labelNames, buckets, registers }),
    /** A counter whose total is kept elsewhere (CPU seconds, cache hits), read at scrape time. */
    total: (name: string, help: string, read: () => number) => new Counter({
      name, help, registers, collect() {
        this.reset();
        this.inc(read());
      },
    }),
    /** A gauge read at scrape time: one value, or one per label set. */
    gauge: <T extends string>(name: string, help: string, read: () => number | [Record<T, string>, number][], labelNames: readonly T[] = []) =>
      new Gauge<T>({
        name, help, labelNames, registers, collect() {
          const reading = read();
          if (typeof reading === 'number') this.set(reading);
          else for (const [labels, value] of reading) this.set(labels, value);
        },
      }),
  };
}

function createOps() {
  const registry = new Registry();
  const { counter, histogram, total, gauge } = metricsIn(registry);
  const state: OpsState = { migrated: false, draining: false, inFlight: 0, receiving: 0, lastShedAt: Number.NEGATIVE_INFINITY, lagMs: 0, busy: 0 };
  const sources: { sockets: () => number; brokerConnected: () => boolean; pageCache: () => { entries: number; bytes: number; hits: number } } = {
    sockets: () => 0, brokerConnected: () => true, pageCache: () => ({ entries: 0, bytes: 0, hits: 0 }),
  };

  const requests = counter('ep_http_requests_total',
    'HTTP requests answered, by route pattern (not the raw URL), method and status.', ['route', 'method', 'status']);
  const duration = histogram('ep_http_request_duration_seconds',
    'Time from request to the last byte of the answer, by route pattern.', ['route'], LATENCY_BUCKETS);
  const shed = counter('ep_http_shed_total',
    'Requests refused with 503 and Retry-After because the node was overloaded, by reason.', ['reason']);
  gauge('ep_http_in_flight', 'HTTP requests being answered now (their bodies arrived).', () => state.inFlight);
  gauge('ep_http_receiving', 'HTTP requests admitted whose bodies are still arriving.', () => state.receiving);
  gauge('ep_http_page_cache_bytes', 'Bytes of bodies and headers held by the response cache (docs/http-cache.md).', () => sources.pageCache().bytes);
  gauge('ep_http_page_cache_entries', 'Answers held by the response cache.', () => sources.pageCache().entries);
  total('ep_http_page_cache_hits_total', 'Anonymous requests answered from the response cache without rendering.', () => sources.pageCache().hits);
  const readModelBuilds = counter('ep_read_model_builds_total',
    'Read models built, by model (agenda, speakers, event, poll-shapes…): a first build, a new event version, or a rebuild after a data change dropped it.', ['model']);
  gauge('ep_realtime_sockets', 'Open /realtime WebSockets on this node.', () => sources.sockets());

  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  const lag = { p50: 0, p99: 0, max: 0, previousP50: 0 };
  const sampler = setInterval(() => {
    // The histogram counts the timer's own period; lag is what comes on top of it.
    const over = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    lag.previousP50 = lag.p50;
    lag.p50 = over(loop.percentile(50));
    lag.p99 = over(loop.percentile(99));
    lag.max = over(loop.max);
    state.lagMs = Math.min(lag.p50, lag.previousP50);
    loop.reset();
  }, WINDOW_MS);
  sampler.unref();
  gauge('ep_event_loop_lag_seconds', `Event-loop delay over the last ${WINDOW_MS} ms window: median, 99th percentile and worst.`,
    () => [[{ quantile: '0.5' }, lag.p50 / 1000], [{ quantile: '0.99' }, lag.p99 / 1000], [{ quantile: '1' }, lag.max / 1000]], ['quantile']);

  let utilisation: EventLoopUtilization = performance.eventLoopUtilization();
  const busySampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    state.busy = performance.eventLoopUtilization(now, utilisation).utilization;
    utilisation = now;
  }, BUSY_WINDOW_MS);
  busySampler.unref();
  gauge('ep_event_loop_utilization',
    `Share of the last ${BUSY_WINDOW_MS} ms the event loop spent running code rather than waiting for I/O (0–1).`, () => state.busy);
  const wait = histogram('ep_http_request_wait_seconds',
    'Time from the load balancer receiving a request (its X-Request-Start stamp) to the node reading it; only requests that carry the stamp.', [], WAIT_BUCKETS);

  const votes = counter('ep_poll_votes_total', 'Poll, quiz and hunt submits stored (acknowledged answers; repeats and conflicts not counted).');
  const slots = new Array<number>(VOTE_SLOTS).fill(0);
  let slotSecond = Math.floor(Date.now() / 1000);
  const rotate = (): void => {
    const second = Math.floor(Date.now() / 1000);
    for (let s = slotSecond + 1; s <= Math.min(second, slotSecond + VOTE_SLOTS); s += 1) slots[s % VOTE_SLOTS] = 0;
    slotSecond = Math.max(slotSecond, second);
  };
  gauge('ep_poll_votes_per_second', `Stored votes per second, averaged over the last ${VOTE_SLOTS} s.`, () => {
    rotate();
    const current = slotSecond % VOTE_SLOTS;
    return slots.reduce((sum, value, index) => sum + (index === current ? 0 : value), 0) / (VOTE_SLOTS - 1);
  });

  const brokerLag = histogram('ep_broker_lag_seconds',
    "Time from publishing a node's own ping on the broker to receiving it back (Redis pub/sub round trip).", [], BROKER_BUCKETS);
  gauge('ep_broker_connected', '1 when the realtime broker is connected (always 1 in-process).', () => (sources.brokerConnected() ? 1 : 0));
  gauge('ep_draining', '1 from SIGTERM until exit.', () => (state.draining ? 1 : 0));
  // prom-client's default process metrics are not used: they would change the help text of
  // process_cpu_seconds_total and add some thirty series (and a second event-loop sampler).
  gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss());
  gauge('process_uptime_seconds', 'Seconds since the process started.', () => process.uptime());
  total('process_cpu_seconds_total', 'User and system CPU time spent, in seconds.', () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  });

  return {
    registry,
    state,
    /** The realtime hub and broker report through these (set by the runtime). */
    sources,
    request(route: string, method: string, status: number, seconds: number): void {
      requests.inc({ route, method, status: String(status) });
      duration.observe({ route }, seconds);
    },
    waited(seconds: number): void {
      wait.observe(seconds);
    },
    shed(reason: ShedReason): void {
      shed.inc({ reason });
      state.lastShedAt = performance.now();
    },
    voteStored(): void {
      votes.inc();
      rotate();
      slots[slotSecond % VOTE_SLOTS]! += 1;
    },
    readModelBuilt(model: string): void {
      readModelBuilds.inc({ model });
    },
    brokerLag(seconds: number): void {
      brokerLag.observe(seconds);
    },
    /** The text exposition of every metric, and its Content-Type. */
    render(): Promise<string> {
      return registry.metrics();
    },
    contentType: registry.contentType,
    /** Forgets the delays of start-up (module loading, migrations, seeding) once the node serves. */
    forgetStartupLag(): void {
      loop.reset();
      Object.assign(lag, { p50: 0, p99: 0, max: 0, previousP50: 0 });
      state.lagMs = 0;
      utilisation = performance.eventLoopUtilization();
      state.busy = 0;
    },
  };
}

export type Ops = ReturnType<typeof createOps>;

// On globalThis like the realtime hub: under `astro dev` the runtime and the pages load separate
// copies of this module, and both must count into one registry.
const KEY = Symbol.for('eventplatform.ops');
const slot = globalThis as { [KEY]?: Ops };

/** The process-wide metrics and operational state. */
export function ops(): Ops {
  slot[KEY] ??= createOps();
  return slot[KEY];
}
