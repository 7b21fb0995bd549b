import type { LiveNowSnapshot } from '~/contracts/console';
import { formatDate } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import { ControlFailure, type ControlFailureProps } from './ControlFailure';
import { jumpToPoll, pollRowId } from './poll-focus';

interface Props {
  live: LiveNowSnapshot;
  /** This organiser's unread support chats, or a placeholder until the island read them. */
  unread: string;
  failure: ControlFailureProps['failure'];
  zone: string;
  locale: string;
  t: Translate;
}

/** Who is here, how the open polls move, what waits, what plays: read again as the realtime events arrive. */
export function LiveNowPanel({ live, unread, failure, zone, locale, t }: Props) {
  return (
    <section className="console-panel console-live" aria-labelledby="console-live-title">
      <h2 id="console-live-title">{t('console.liveNow.title')}</h2>
      <dl className="console-figures">
        <div><dt>{t('console.liveNow.digital')}</dt><dd data-testid="online-digital">{live.online.digital}</dd></div>
        <div><dt>{t('console.liveNow.inPerson')}</dt><dd data-testid="online-in-person">{live.online.inPerson}</dd></div>
        <div><dt>{t('console.liveNow.unreadSupport')}</dt><dd data-testid="unread-support">{unread}</dd></div>
      </dl>
      {live.polls.length === 0 ? <p className="console-empty">{t('console.liveNow.noOpenPolls')}</p> : (
        <ul className="console-list" aria-label={t('console.liveNow.openPolls')}>
          {live.polls.map((poll) => (
            <li key={poll.id} data-live-poll={poll.id}>
              <a className="console-name console-jump" href={`#${pollRowId(poll.id)}`}
                onClick={(event) => { event.preventDefault(); jumpToPoll(poll.id); }}>{poll.title}</a>
              <span data-testid="live-answers">{t('console.liveNow.answers', { count: poll.answers })}</span>
              <span>{t('console.liveNow.perSecond', { rate: poll.answersPerSecond })}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="console-note">
        {t('console.liveNow.stream')}: <span className="console-url" data-testid="live-stream">{live.stage.sessionTitle ?? live.stage.streamUrl ?? t('console.liveNow.noStream')}</span>
        {live.stage.holdingShown && <> · <span className="console-state is-on">{t('console.stage.breakOn')}</span></>}
      </p>
      <p className="console-note">{t('console.liveNow.readAt', { time: formatDate(live.readAt, 'time', zone, locale) })}</p>
      <ControlFailure failure={failure} t={t} />
    </section>
  );
}
