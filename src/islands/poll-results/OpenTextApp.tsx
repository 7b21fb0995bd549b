import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Messages } from '~/lib/translate';
import { createT } from '~/lib/translate';
import { FiltersPanel } from './FiltersPanel';
import { OpenTextList } from './OpenTextList';
import { QuestionNav } from './QuestionNav';
import { $openText, followOpenText, hydrateOpenText, showPoll, type OpenTextState } from './open-text.store';
import { load } from './results.store';
import './poll-results.css';

export interface OpenTextAppProps {
  eventId: number;
  timeZone: string;
  pollAccessKey: string;
  isQuiz: boolean;
  loginHref: string;
  groups: { id: number; name: string }[];
  initial: OpenTextState;
  /** The page's language (the chosen days under the date inputs). */
  locale: string;
  messages: Messages;
}

/**
 * docs/product.md §2 open-text answer stream: a sidebar (Refresh, dates, groups; a toggle under 1024 px),
 * the quiz and poll titles, the answer count, previous/next poll, and each answer with its
 * moderation. Every organiser screen and the stage follow a change live.
 */
export default function OpenTextApp(props: OpenTextAppProps) {
  const t = useMemo(() => createT(props.messages), [props.messages]);
  useState(() => hydrateOpenText(props));
  useEffect(() => followOpenText(), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const state = useStore($openText);
  const poll = state.polls[state.index];

  return (
    <div className="results-layout">
      <button type="button" className="button secondary results-filters-toggle" aria-expanded={filtersOpen} aria-controls="open-text-sidebar"
        onClick={() => setFiltersOpen(!filtersOpen)}>
        {filtersOpen ? t('pollResults.hideFilters') : t('pollResults.showFilters')}
      </button>
      <aside id="open-text-sidebar" className={`results-sidebar${filtersOpen ? ' is-open' : ''}`} aria-label={t('pollResults.filters')}>
        <FiltersPanel t={t} locale={props.locale} groups={props.groups} onRefresh={() => void load()} />
      </aside>
      <div className="results-main" aria-live="polite">
        {state.status === 'error' && <p role="alert">{t('pollResults.loadFailed')}</p>}
        {state.status === 'noOpenText' && <p role="alert">{t('pollResults.noOpenText')}</p>}
        {poll && (
          <>
            {props.isQuiz && <p className="results-muted">{state.title}</p>}
            <div className="open-text-head">
              <h2 className="results-subtitle">{poll.title}</h2>
              <span>{t('pollResults.answers', { count: poll.votes.length })}</span>
            </div>
            {state.polls.length > 1 && (
              <QuestionNav items={state.polls} index={state.index} onChange={showPoll} t={t}
                labels={{ previous: t('pollResults.previousPoll'), next: t('pollResults.nextPoll') }} />
            )}
            <OpenTextList eventId={props.eventId} votes={poll.votes} timeZone={props.timeZone} t={t} onChanged={() => void load()} />
          </>
        )}
      </div>
    </div>
  );
}
