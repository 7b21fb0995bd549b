import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { PollResultsResponse, ResultsIndexResponse, TemplateResultsResponse } from '~/contracts/poll-results';
import { createT, type Messages } from '~/lib/translate';
import { FiltersPanel } from './FiltersPanel';
import { ResultsContent } from './ResultsContent';
import { SearchSelect } from './SearchSelect';
import { $filter, $index, $mode, $results, $selection, $status, choose, chooseQuiz, chooseTemplate, followResults, hydrateResults } from './results.store';
import type { ResultsMode, Selection } from './results-rules';
import './poll-results.css';

export interface ResultsAppProps {
  eventId: number;
  timeZone: string;
  /** The generic page lists quizzes and templates to choose from; a keyed page shows its own. */
  isGeneric: boolean;
  selection: Selection;
  mode: ResultsMode;
  index: ResultsIndexResponse | null;
  results: PollResultsResponse | null;
  templateRatings: TemplateResultsResponse | null;
  loginHref: string;
  /** The page's language (the chosen days under the date inputs). */
  locale: string;
  /** The locale's `pollResults` section. */
  messages: Messages;
}

const MODES: { mode: ResultsMode; key: string }[] = [
  { mode: 'results', key: 'pollResults.modeResults' }, { mode: 'stream', key: 'pollResults.modeStream' },
  { mode: 'openText', key: 'pollResults.modeOpenText' }, { mode: 'ratings', key: 'pollResults.modeRatings' },
];

/**
 * docs/product.md §4: each mode sets the export kind (3 results table, 4 answers per alternative, 1 open
 * text, 2 quiz list). A selected quiz group (template) exports through templateResults: its
 * rating list in the rating-list mode, else the kind over the polls answered through it.
 */
function exportHref(eventId: number, results: PollResultsResponse, mode: ResultsMode, format: 'xlsx' | 'csv'): string {
  const isQuiz = results.items.length > 0;
  const kind = { results: 3, stream: 4, openText: 1, ratings: isQuiz ? 2 : 4 }[mode];
  const filter = $filter.get();
  const params = new URLSearchParams({ format });
  if (filter.fromDate && filter.toDate) { params.set('fromDate', filter.fromDate); params.set('toDate', filter.toDate); }
  if (filter.groups.length > 0) params.set('groups', filter.groups.join(','));
  const key = encodeURIComponent(results.poll.accessKey);
  const path = !results.poll.isTemplate ? `pollResults/${key}/export/${kind}`
    : mode === 'ratings' ? `templateResults/${key}/export` : `templateResults/${key}/export/${kind}`;
  return `/api/liveEvent/${eventId}/${path}?${params.toString()}`;
}

/** docs/product.md §2 results page: filters, template and quiz pickers, modes, and what the mode shows; live as votes arrive. */
export default function ResultsApp(props: ResultsAppProps) {
  const t = useMemo(() => createT(props.messages), [props.messages]);
  useState(() => hydrateResults(props));
  useEffect(() => followResults(), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const mode = useStore($mode);
  const selection = useStore($selection);
  const index = useStore($index);
  const results = useStore($results);
  const status = useStore($status);
  useStore($filter);

  return (
    <div className="results-layout">
      <button type="button" className="button secondary results-filters-toggle" aria-expanded={filtersOpen} aria-controls="results-sidebar"
        onClick={() => setFiltersOpen(!filtersOpen)}>
        {filtersOpen ? t('pollResults.hideFilters') : t('pollResults.showFilters')}
      </button>
      <aside id="results-sidebar" className={`results-sidebar${filtersOpen ? ' is-open' : ''}`} aria-label={t('pollResults.filters')}>
        <FiltersPanel t={t} locale={props.locale} />
      </aside>
      <div className="results-main">
        {props.isGeneric && index && (
          <div className="results-pickers">
            <SearchSelect label={t('pollResults.template')} searchLabel={t('pollResults.templateSearch')} noneLabel={t('pollResults.none')}
              entries={index.templates} value={selection.templateKey} onChange={chooseTemplate} />
            <SearchSelect label={t('pollResults.quiz')} searchLabel={t('pollResults.quizSearch')} noneLabel={t('pollResults.none')}
              entries={index.quizList} value={selection.quizKey} onChange={chooseQuiz} />
          </div>
        )}
        <div className="results-modes" role="group" aria-label={t('pollResults.modes')}>
          {MODES.map((m) => (
            <button key={m.mode} type="button" className={`button${mode === m.mode ? '' : ' secondary'}`} aria-pressed={mode === m.mode} onClick={() => choose(m.mode)}>
              {t(m.key)}
            </button>
          ))}
        </div>
        {results && (
          <div className="results-export">
            <a className="button secondary" href={exportHref(props.eventId, results, mode, 'xlsx')} download>{t('pollResults.export')}</a>
            <a className="button secondary" href={exportHref(props.eventId, results, mode, 'csv')} download>{t('pollResults.exportCsv')}</a>
          </div>
        )}
        <div className="results-body" aria-live="polite" aria-busy={status === 'loading'}>
          {status === 'notFound' && <p role="alert">{t('pollResults.notFound')}</p>}
          {status === 'failed' && <p role="alert">{t('pollResults.loadFailed')}</p>}
          {status !== 'notFound' && <ResultsContent eventId={props.eventId} timeZone={props.timeZone} results={results} index={index} t={t} />}
        </div>
      </div>
    </div>
  );
}
