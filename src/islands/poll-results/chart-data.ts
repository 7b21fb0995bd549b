import type { ResultPoll } from '~/contracts/poll-results';

/** docs/product.md §9: a palette of 5 colours cycled over the alternatives; unanswered is grey. */
export const CHART_PALETTE = ['#1f4fd1', '#d1461f', '#1f9d55', '#b7791f', '#7b3fb8'] as const;
export const UNANSWERED_COLOUR = '#8a8a8a';
/** docs/product.md §9: scatter markers are smaller when more than 500 took part. */
export const MANY_PARTICIPANTS = 500;

export type ChartKind = 'bar' | 'pie' | 'scatter';
const CYCLE: readonly ChartKind[] = ['bar', 'pie', 'scatter'];

/** docs/product.md §2: the chart toggle cycles bar → pie → scatter → bar. */
export const nextChartKind = (kind: ChartKind): ChartKind => CYCLE[(CYCLE.indexOf(kind) + 1) % CYCLE.length]!;

export const colourAt = (index: number, own: string | null): string => own ?? CHART_PALETTE[index % CHART_PALETTE.length]!;

export const scatterDotSize = (participants: number): number => (participants > MANY_PARTICIPANTS ? 3 : 7);

export interface ChartSlice {
  label: string;
  value: number;
  colour: string;
}

/**
 * The slices of a choice poll's chart: one per alternative, then "unanswered" (grey) when the
 * quiz's participants did not all answer this item (`expected`: how many could have).
 */
export function chartSlices(poll: ResultPoll, unansweredLabel: string, expected?: number): ChartSlice[] {
  const slices = poll.alternatives.map((a, i) => ({ label: a.text, value: a.count, colour: colourAt(i, a.color) }));
  const unanswered = expected === undefined ? 0 : Math.max(0, expected - poll.participantsCount);
  return unanswered > 0 ? [...slices, { label: unansweredLabel, value: unanswered, colour: UNANSWERED_COLOUR }] : slices;
}

/** Choice polls draw a chart; open text and polls without alternatives show their comments or texts instead. */
export const isChartable = (poll: ResultPoll): boolean => poll.alternatives.length > 0;

/** frappe-charts options for a kind: bars are stacked one dataset per slice, so each bar keeps its colour. */
export function chartConfig(kind: ChartKind, slices: ChartSlice[], participants: number, title: string) {
  const labels = slices.map((s) => s.label);
  const values = slices.map((s) => s.value);
  const colours = slices.map((s) => s.colour);
  if (kind === 'pie') return { title, type: 'pie', height: 300, colors: colours, data: { labels, datasets: [{ name: title, values }] } };
  if (kind === 'scatter') {
    return {
      title, type: 'line', height: 300, colors: [CHART_PALETTE[0]],
      lineOptions: { hideLine: 1, dotSize: scatterDotSize(participants) }, data: { labels, datasets: [{ name: title, values }] },
    };
  }
  return {
    title, type: 'bar', height: 300, colors: colours, barOptions: { stacked: 1, spaceRatio: 0.4 },
    data: { labels, datasets: slices.map((s, i) => ({ name: s.label, values: values.map((v, j) => (j === i ? v : 0)) })) },
  };
}
