import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { EventDocument } from '~/contracts/content';
import type { Platform } from '~/contracts/event-settings';
import type { MeetingRoom, Sponsor, SponsorContactUser, SponsorPoll, SponsorSession } from '~/contracts/sponsors';
import { shortDate, timeRange } from '~/lib/dates';
import type { SponsorTab } from '~/lib/sponsor-page';
import DocumentsList from '~/islands/content/DocumentsList';
import { PollDialog } from '~/islands/polls/PollDialog';
import { initPolls } from '~/islands/polls/polls.store';
import { SponsorPollItem } from './SponsorPollItem';
import { createT, type Messages, type Translate } from '~/lib/translate';
import { ContactMessageForm } from './ContactMessageForm';
import { ContactUsers } from './ContactUsers';
import { MeetingRooms } from './MeetingRooms';
import { fetchOwnAnswers } from './sponsors.store';
import { useViewer } from '~/islands/viewer/use-viewer';

export interface SponsorTabsProps {
  eventId: number;
  timeZone: string;
  platform: Platform;
  tabs: SponsorTab[];
  sponsor: Sponsor;
  users: SponsorContactUser[];
  rooms: MeetingRoom[];
  documents: EventDocument[];
  polls: SponsorPoll[];
  /**
   * The page is the same for every member (docs/http-cache.md): its polls say none is answered and
   * its contacts know no viewer. After hydration the island reads the viewer's answers and shows
   * their own contact card without a meeting button.
   */
  sessions: SponsorSession[];
  /** The locale's `sponsors`, `meetingRooms`, `documents` and `polls` sections. */
  messages: Messages;
}

/** docs/product.md §2 sponsor tabs (WAI-ARIA tabs, arrow keys move between them); the first shown opens first. */
export default function SponsorTabs(props: SponsorTabsProps) {
  const { tabs, sponsor } = props;
  if (tabs.includes('polls')) initPolls(props.eventId);
  const t = useMemo(() => createT(props.messages), [props.messages]);
  const [active, setActive] = useState<SponsorTab | undefined>(tabs[0]);
  const buttons = useRef<Partial<Record<SponsorTab, HTMLButtonElement | null>>>({});
  const viewer = useViewer(props.eventId);
  const [answered, setAnswered] = useState<Set<number> | null>(null);
  const hasPolls = tabs.includes('polls');
  useEffect(() => {
    if (!hasPolls) return;
    // A failed read leaves the marks off; the poll dialog still reads the poll per viewer when opened.
    fetchOwnAnswers(props.eventId, sponsor.id).then(setAnswered, () => setAnswered(new Set()));
  }, [hasPolls, props.eventId, sponsor.id]);
  // The first render matches the page as it was rendered (for anyone); the viewer's own parts follow.
  const polls = answered ? props.polls.map((poll) => ({ ...poll, isAnswered: answered.has(poll.value) })) : props.polls;
  const ownUserId = viewer?.userId ?? null;
  const isReadingAnswers = hasPolls && answered === null;

  function onKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs.at(-1) : step ? tabs[(index + step + tabs.length) % tabs.length] : undefined;
    if (!target) return;
    event.preventDefault();
    setActive(target);
    buttons.current[target]?.focus();
  }

  if (tabs.length === 0) return null;
  return (
    <div className="sponsor-tabs">
      <div role="tablist" aria-label={t('sponsors.tabsLabel')} className="tablist">
        {tabs.map((tab, index) => (
          <button key={tab} type="button" role="tab" id={`sponsor-tab-${tab}`} aria-controls={`sponsor-panel-${tab}`}
            aria-selected={tab === active} tabIndex={tab === active ? 0 : -1} className="tab"
            ref={(el) => { buttons.current[tab] = el; }} onClick={() => setActive(tab)} onKeyDown={(e) => onKey(e, index)}>
            {t(`sponsors.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <section key={tab} role="tabpanel" id={`sponsor-panel-${tab}`} aria-labelledby={`sponsor-tab-${tab}`}
          hidden={tab !== active} tabIndex={0} className="tabpanel">
          {tab === active && <Panel tab={tab} t={t} {...props} polls={polls} ownUserId={ownUserId} isReadingAnswers={isReadingAnswers} />}
        </section>
      ))}
      <span className="visually-hidden">{sponsor.name}</span>
      {tabs.includes('polls') && <PollDialog t={t} />}
    </div>
  );
}

type PanelProps = SponsorTabsProps & { tab: SponsorTab; t: Translate; ownUserId: number | null; isReadingAnswers: boolean };

function Panel({ tab, t, ...p }: PanelProps) {
  const { sponsor } = p;
  switch (tab) {
    case 'info':
      return (
        <div className="sponsor-info">
          {/* Sanitised on the server (allow-list). */}
          {sponsor.description ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: sponsor.description }} /> : <p>{t('sponsors.noDescription')}</p>}
          <dl className="sponsor-facts">
            {sponsor.address && <><dt>{t('sponsors.address')}</dt><dd>{sponsor.address}</dd></>}
            {sponsor.phoneNumber && <><dt>{t('sponsors.phone')}</dt><dd><a href={`tel:${sponsor.phoneNumber}`}>{sponsor.phoneNumber}</a></dd></>}
            {sponsor.email && <><dt>{t('sponsors.email')}</dt><dd><a href={`mailto:${sponsor.email}`}>{sponsor.email}</a></dd></>}
            {sponsor.website && <><dt>{t('sponsors.website')}</dt><dd><a href={sponsor.website} target="_blank" rel="noopener noreferrer">{sponsor.website}</a></dd></>}
          </dl>
          {sponsor.links.length > 0 && (
            <ul className="sponsor-links" aria-label={t('sponsors.links')}>
              {sponsor.links.map((l) => <li key={l.url}><a href={l.url} target="_blank" rel="noopener noreferrer">{l.type}</a></li>)}
            </ul>
          )}
        </div>
      );
    case 'agenda':
      return (
        <div>
          <p>{t('sponsors.sessionsIntro')}</p>
          <ul className="sponsor-sessions">
            {p.sessions.map((s) => (
              <li key={s.id}>
                <a href={`/stage?session=${s.id}`}>{s.title}</a>{' '}
                <span>{shortDate(s.startDate, p.timeZone)} {timeRange(s.startDate, s.endDate, p.timeZone)}</span>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'contact':
      return <ContactMessageForm eventId={p.eventId} sponsorId={sponsor.id} sponsorName={sponsor.name} hasEmail={sponsor.email !== ''} hasLeadForm={sponsor.leadForm} t={t} />;
    case 'polls':
      return (
        <div>
          <p>{t('sponsors.pollsIntro')}</p>
          <ul className="sponsor-polls poll-list" aria-busy={p.isReadingAnswers || undefined}>
            {p.polls.map((poll) => <SponsorPollItem key={poll.value} poll={poll} t={t} />)}
          </ul>
        </div>
      );
    case 'contacts':
      return <ContactUsers eventId={p.eventId} sponsorId={sponsor.id} ownUserId={p.ownUserId} users={p.users} t={t} />;
    case 'rooms':
      return <MeetingRooms rooms={p.rooms} timeZone={p.timeZone} t={t} />;
    case 'documents':
      return <DocumentsList eventId={p.eventId} timeZone={p.timeZone} platform={p.platform} initial={p.documents}
        source={{ sponsorId: sponsor.id }} canSendAll={false} messages={p.messages} />;
  }
}
