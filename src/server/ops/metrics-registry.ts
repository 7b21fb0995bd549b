/**
 * A small Prometheus registry: counters, gauges and histograms with labels, rendered in the text
 * exposition format (version 0.0.4). Label values must come from bounded sets (route patterns,
 * status codes), never from raw URLs or ids, so a series count stays small.
 */

type Labels = Record<string, string>;

interface Metric {
  readonly name: string;
  render(): string;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function escapeHelp(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** Prometheus spells the special values +Inf, -Inf and NaN. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
}

/** Series are keyed by their label values in the metric's label order. */
function keyOf(labelNames: readonly string[], labels: Labels): string {
  return JSON.stringify(labelNames.map((name) => labels[name] ?? ''));
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;
}

abstract class Labelled<S> implements Metric {
  protected readonly series = new Map<string, { labels: Labels; state: S }>();
  constructor(readonly name: string, protected readonly help: string, protected readonly labelNames: readonly string[]) {
    if (!NAME.test(name)) throw new Error(`invalid metric name ${name}`);
  }

  protected stateOf(labels: Labels, fresh: () => S): S {
    const key = keyOf(this.labelNames, labels);
    let entry = this.series.get(key);
    if (!entry) {
      const ordered: Labels = {};
      for (const label of this.labelNames) ordered[label] = labels[label] ?? '';
      entry = { labels: ordered, state: fresh() };
      this.series.set(key, entry);
    }
    return entry.state;
  }

  abstract render(): string;
}

export class Counter extends Labelled<{ value: number }> {
  /** `collect` reads a total kept elsewhere (CPU seconds) at scrape time instead of `inc`. */
  constructor(name: string, help: string, labelNames: readonly string[] = [], private readonly collect?: () => number) {
    super(name, help, labelNames);
  }

  inc(labels: Labels = {}, by = 1): void {
    this.stateOf(labels, () => ({ value: 0 })).value += by;
  }

  value(labels: Labels = {}): number {
    return this.series.get(keyOf(this.labelNames, labels))?.state.value ?? 0;
  }

  render(): string {
    let text = header(this.name, this.help, 'counter');
    if (this.collect) return `${text}${this.name} ${formatValue(this.collect())}\n`;
    if (this.series.size === 0 && this.labelNames.length === 0) text += `${this.name} 0\n`;
    for (const { labels, state } of this.series.values()) text += `${this.name}${labelText(labels)} ${formatValue(state.value)}\n`;
    return text;
  }
}

/** A gauge either set directly or read at scrape time through `collect`. */
export class Gauge extends Labelled<{ value: number }> {
  constructor(name: string, help: string, labelNames: readonly string[] = [], private readonly collect?: () => number | [Labels, number][]) {
    super(name, help, labelNames);
  }

  set(value: number, labels: Labels = {}): void {
    this.stateOf(labels, () => ({ value: 0 })).value = value;
  }

  render(): string {
    let text = header(this.name, this.help, 'gauge');
    if (this.collect) {
      const read = this.collect();
      const rows: [Labels, number][] = typeof read === 'number' ? [[{}, read]] : read;
      for (const [labels, value] of rows) text += `${this.name}${labelText(labels)} ${formatValue(value)}\n`;
      return text;
    }
    for (const { labels, state } of this.series.values()) text += `${this.name}${labelText(labels)} ${formatValue(state.value)}\n`;
    return text;
  }
}

interface HistogramState {
  counts: number[];
  sum: number;
  count: number;
}

/** Cumulative buckets (upper bounds in the metric's unit), plus _sum and _count. */
export class Histogram extends Labelled<HistogramState> {
  constructor(name: string, help: string, labelNames: readonly string[], private readonly buckets: readonly number[]) {
    super(name, help, labelNames);
  }

  observe(value: number, labels: Labels = {}): void {
    const state = this.stateOf(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let index = 0; index < this.buckets.length; index += 1) if (value <= this.buckets[index]!) state.counts[index]! += 1;
    state.sum += value;
    state.count += 1;
  }

  /** Observations so far (all label sets), for tests and the drain log. */
  total(): number {
    let count = 0;
    for (const { state } of this.series.values()) count += state.count;
    return count;
  }

  render(): string {
    let text = header(this.name, this.help, 'histogram');
    for (const { labels, state } of this.series.values()) {
      this.buckets.forEach((bound, index) => {
        text += `${this.name}_bucket${labelText({ ...labels, le: formatValue(bound) })} ${state.counts[index]}\n`;
      });
      text += `${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${state.count}\n`;
      text += `${this.name}_sum${labelText(labels)} ${formatValue(state.sum)}\n`;
      text += `${this.name}_count${labelText(labels)} ${state.count}\n`;
    }
    return text;
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];

  add<M extends Metric>(metric: M): M {
    if (this.metrics.some((m) => m.name === metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.push(metric);
    return metric;
  }

  /** The whole exposition, one block per metric. */
  render(): string {
    return this.metrics.map((metric) => metric.render()).join('');
  }
}

/** The Content-Type of the text exposition format. */
export const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
