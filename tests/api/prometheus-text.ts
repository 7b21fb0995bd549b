/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests: every line must be
 * a HELP, a TYPE, a sample of a declared metric or empty; names, labels and values must be well formed;
 * histograms must have cumulative buckets ending in +Inf equal to _count. Throws on anything else.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = /^([^=]+)="((?:[^"\\]|\\["\\n])*)"(,|$)/.exec(rest);
    if (!match) throw new Error(`bad labels in: ${line}`);
    const [whole, name, raw] = match as unknown as [string, string, string];
    if (!LABEL_NAME.test(name) || name in labels) throw new Error(`bad or repeated label ${name} in: ${line}`);
    labels[name] = raw.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(whole.length);
  }
  return labels;
}

function familyOf(sample: string, families: Map<string, Family>): Family | undefined {
  for (const suffix of ['', '_bucket', '_sum', '_count']) {
    if (!sample.endsWith(suffix)) continue;
    const family = families.get(sample.slice(0, sample.length - suffix.length));
    if (family && (suffix === '' || family.type === 'histogram' || family.type === 'summary')) return family;
  }
  return undefined;
}

function checkHistogram(family: Family): void {
  const groups = new Map<string, Sample[]>();
  for (const sample of family.samples.filter((s) => s.name.endsWith('_bucket'))) {
    const { le, ...rest } = sample.labels;
    if (le === undefined) throw new Error(`${family.name}: bucket without le`);
    const key = JSON.stringify(rest);
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  for (const [key, buckets] of groups) {
    let previous = -Infinity;
    let count = 0;
    for (const bucket of buckets) {
      const bound = parseValue(bucket.labels['le']!, bucket.labels['le']!);
      if (bound <= previous || bucket.value < count) throw new Error(`${family.name}${key}: buckets not cumulative`);
      previous = bound;
      count = bucket.value;
    }
    if (previous !== Infinity) throw new Error(`${family.name}${key}: no +Inf bucket`);
    const total = family.samples.find((s) => s.name === `${family.name}_count` && JSON.stringify(s.labels) === key);
    if (total?.value !== count) throw new Error(`${family.name}${key}: _count ${total?.value} differs from +Inf bucket ${count}`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('exposition must end with a newline');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  for (const line of text.slice(0, -1).split('\n')) {
    const help = new RegExp(`^# HELP (${NAME}) (.*)$`).exec(line);
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (help) {
      const family = families.get(help[1]!) ?? { name: help[1]!, type: 'untyped', help: '', samples: [] };
      family.help = help[2]!;
      families.set(family.name, family);
      continue;
    }
    if (type) {
      const family = families.get(type[1]!);
      if (!family || family.samples.length > 0) throw new Error(`TYPE after samples or without HELP: ${line}`);
      family.type = type[2] as Family['type'];
      continue;
    }
    // The format ignores empty lines (prom-client puts one between families).
    if (line === '') continue;
    if (line.startsWith('#') || line.trim() === '') throw new Error(`unexpected line: ${JSON.stringify(line)}`);
    const sample = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`).exec(line);
    if (!sample) throw new Error(`bad sample line: ${line}`);
    const [, name, labelText, valueText] = sample as unknown as [string, string, string | undefined, string];
    const family = familyOf(name, families);
    if (!family) throw new Error(`sample of an undeclared metric: ${line}`);
    const labels = labelText ? parseLabels(labelText, line) : {};
    const identity = `${name}${JSON.stringify(labels)}`;
    if (seen.has(identity)) throw new Error(`duplicate series: ${line}`);
    seen.add(identity);
    family.samples.push({ name, labels, value: parseValue(valueText, line) });
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** The value of one series, or undefined when absent. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values()) {
    const found = family.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    if (found) return found.value;
  }
  return undefined;
}
