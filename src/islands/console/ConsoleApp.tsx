import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { ConsoleView } from '~/contracts/console';
import { createT, type Messages } from '~/lib/translate';
import { ActivityPanel } from './ActivityPanel';
import { $activity, $failures, $live, $liveIsOwn, $pending, $polls, $timeline, initConsole } from './console.store';
import { LiveNowPanel } from './LiveNowPanel';
import { PollsPanel } from './PollsPanel';
import { StagePanel } from './StagePanel';
import { TimelinePanel } from './TimelinePanel';
import './console.css';

interface Props {
  view: ConsoleView;
  zone: string;
  locale: string;
  messages: Messages;
}

/** The organiser console's controls (docs/console.md): the page's first view, kept live by the console store. */
export default function ConsoleApp({ view, zone, locale, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  // After hydration, not during it: a read that lands while React is still hydrating (it yields
  // on a busy phone) would change a store under it, and the text no longer matches the server's.
  useEffect(() => initConsole(view), [view]);
  // The server render and the hydration have no store yet: they show the props.
  const live = useStore($live) ?? view.liveNow;
  const polls = useStore($polls) ?? view.polls;
  const timeline = useStore($timeline) ?? view.timeline;
  const activity = useStore($activity) ?? view.activity.entries;
  const pending = useStore($pending);
  const failures = useStore($failures);
  const unread = useStore($liveIsOwn) ? String(live.unreadSupportChats) : t('console.liveNow.reading');
  return (
    <>
      <LiveNowPanel live={live} unread={unread} failure={failures['read:live']} zone={zone} locale={locale} t={t} />
      {/* Two stacks side by side from 1024 px, so a long poll list leaves no empty half beside the stage. */}
      <div className="console-column">
        <StagePanel stage={live.stage} sessions={view.sessions} pending={pending} failures={failures} zone={zone} locale={locale} t={t} />
        <PollsPanel polls={polls} pending={pending} failures={failures} t={t} />
      </div>
      <div className="console-column">
        <TimelinePanel items={timeline} pending={pending} failures={failures} zone={zone} locale={locale} t={t} />
        <section className="console-panel" id="console-support" aria-labelledby="console-support-title">
          <h2 id="console-support-title">{t('console.support.title')}</h2>
          <p data-testid="support-unread">{t('console.support.unread', { count: unread })}</p>
          <a className="button" href="/stage?tab=chat">{t('console.support.open')}</a>
        </section>
        <ActivityPanel entries={activity} polls={polls} failure={failures['read:activity']} zone={zone} locale={locale} t={t} />
      </div>
    </>
  );
}
