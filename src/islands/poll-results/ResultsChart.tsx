import { useEffect, useRef } from 'react';
import type { ResultPoll } from '~/contracts/poll-results';
import type { Translate } from '~/lib/translate';
import { chartConfig, chartSlices, type ChartKind } from './chart-data';

interface ChartInstance { update(data: unknown): void; destroy(): void }

/**
 * A choice poll's chart (docs/product.md §2): frappe-charts, loaded on first use so only the results page
 * pays for it. New counts update the drawn chart in place (its bars move); a new kind redraws.
 * A bar chart's legend is the page's own (it wraps); a visually hidden table carries the same
 * counts for screen readers.
 */
export function ResultsChart({ poll, kind, expected, t }: { poll: ResultPoll; kind: ChartKind; expected?: number | undefined; t: Translate }) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<{ kind: ChartKind; pollId: number; instance: ChartInstance } | null>(null);
  const slices = chartSlices(poll, t('pollResults.unanswered'), expected);
  const config = chartConfig(kind, slices, poll.participantsCount, poll.title);
  const signature = JSON.stringify(config);
  // A pie of nothing has no angles (frappe-charts draws NaN paths): it says so instead.
  const isEmptyPie = kind === 'pie' && slices.every((slice) => slice.value === 0);

  useEffect(() => {
    let cancelled = false;
    if (isEmptyPie) {
      chart.current?.instance.destroy();
      chart.current = null;
      holder.current?.replaceChildren();
      return undefined;
    }
    void import('frappe-charts').then(({ Chart }) => {
      const element = holder.current;
      if (cancelled || !element) return;
      const current = chart.current;
      if (current && current.kind === kind && current.pollId === poll.id) {
        current.instance.update(config.data);
        return;
      }
      // The chart drawn before watches this element's size: left alone it would redraw into its
      // detached container and throw (removeChild) when that happens mid-animation.
      current?.instance.destroy();
      element.replaceChildren();
      // No animation: frappe-charts removes nodes of a running animation when the next update comes
      // (votes arrive many times a second), and throws removeChild when they are already gone.
      chart.current = { kind, pollId: poll.id, instance: new Chart(element, { ...config, title: '', animate: 0 }) };
    });
    return () => { cancelled = true; };
  }, [signature, kind, poll.id, isEmptyPie]);

  useEffect(() => () => { chart.current?.instance.destroy(); chart.current = null; }, []);

  return (
    <figure className="results-chart" data-kind={kind} data-total={poll.allVoteCount}>
      <div ref={holder} className="results-chart-canvas" aria-hidden="true" />
      {/* frappe-charts lays a bar chart's legend out in one row of fixed steps, cut off on a phone: this one wraps. */}
      {kind === 'bar' && (
        <ul className="results-legend" aria-hidden="true">
          {slices.map((s) => <li key={s.label}><span className="results-swatch" style={{ background: s.colour }} />{s.label}</li>)}
        </ul>
      )}
      {isEmptyPie && <p className="results-muted">{t('pollResults.noAnswers')}</p>}
      <figcaption className="visually-hidden">
        <table>
          <caption>{t('pollResults.chartLabel', { title: poll.title })}</caption>
          <thead><tr><th scope="col">{t('pollResults.alternative')}</th><th scope="col">{t('pollResults.count')}</th></tr></thead>
          <tbody>{slices.map((s) => <tr key={s.label}><th scope="row">{s.label}</th><td>{s.value}</td></tr>)}</tbody>
        </table>
      </figcaption>
    </figure>
  );
}
