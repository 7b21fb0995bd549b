import { useId, useState, type FormEvent } from 'react';
import type { SessionStream, StageSetting } from '~/contracts/console';
import { formatDate } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import { setHoldingImage, switchStream, type ControlFailure as Failure } from './console.store';
import { ControlFailure } from './ControlFailure';

interface Props {
  stage: StageSetting;
  sessions: SessionStream[];
  pending: ReadonlySet<string>;
  failures: Record<string, Failure | undefined>;
  zone: string;
  locale: string;
  t: Translate;
}

/** The main stage: what plays now, switching it (an address or a session's stream) and the holding picture. */
export function StagePanel({ stage, sessions, pending, failures, zone, locale, t }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [picture, setPicture] = useState('');
  // Both stream forms share one failure; it shows under the form that was sent, beside its field.
  const [streamForm, setStreamForm] = useState<'url' | 'session'>('url');
  const sendUrl = async (event: FormEvent) => {
    event.preventDefault();
    setStreamForm('url');
    if (await switchStream({ url: url.trim() })) setUrl('');
  };
  const sendSession = (event: FormEvent) => {
    event.preventDefault();
    setStreamForm('session');
    if (sessionId) void switchStream({ sessionId: Number(sessionId) });
  };
  const streamFailure = (form: 'url' | 'session') => (streamForm === form ? failures['stream'] : undefined);
  const sendPicture = async (event: FormEvent) => {
    event.preventDefault();
    if (await setHoldingImage(picture.trim())) setPicture('');
  };
  const isStreamBusy = pending.has('stream');
  return (
    <section className="console-panel" id="console-stage" aria-labelledby="console-stage-title">
      <h2 id="console-stage-title">{t('console.stage.title')}</h2>
      <dl className="console-settings">
        <div><dt>{t('console.stage.stream')}</dt><dd className="console-url" data-testid="stage-stream">{stage.streamUrl ?? t('console.liveNow.noStream')}</dd></div>
        <div><dt>{t('console.stage.holdingImage')}</dt><dd className="console-url">{stage.holdingImageUrl ?? t('console.stage.holdingFallback')}</dd></div>
      </dl>
      <form className="console-form" onSubmit={(event) => void sendUrl(event)}>
        <label htmlFor={`${id}-url`}>{t('console.stage.streamUrl')}</label>
        <p className="console-hint" id={`${id}-url-hint`}>{t('console.stage.streamUrlHint')}</p>
        <div className="console-row">
          <input id={`${id}-url`} type="text" inputMode="url" autoComplete="off" value={url} aria-describedby={`${id}-url-hint`}
            aria-invalid={streamFailure('url')?.field === 'url' || undefined} onChange={(event) => setUrl(event.target.value)} />
          <button type="submit" className="button primary" disabled={isStreamBusy || url.trim() === ''}>{t('console.stage.switch')}</button>
        </div>
        <ControlFailure failure={streamFailure('url')} t={t} />
      </form>
      {sessions.length > 0 && (
        <form className="console-form" onSubmit={sendSession}>
          <label htmlFor={`${id}-session`}>{t('console.stage.session')}</label>
          <div className="console-row">
            <select id={`${id}-session`} value={sessionId} onChange={(event) => setSessionId(event.target.value)}>
              <option value="">{t('console.stage.pickSession')}</option>
              {sessions.map((session) => (
                <option key={session.id} value={session.id}>{`${formatDate(session.startDate, 'dayTime', zone, locale)} · ${session.title}`}</option>
              ))}
            </select>
            <button type="submit" className="button primary" disabled={isStreamBusy || sessionId === ''}>{t('console.stage.play')}</button>
          </div>
          <ControlFailure failure={streamFailure('session')} t={t} />
        </form>
      )}
      <form className="console-form" onSubmit={(event) => void sendPicture(event)}>
        <label htmlFor={`${id}-picture`}>{t('console.stage.holdingUrl')}</label>
        <p className="console-hint" id={`${id}-picture-hint`}>{t('console.stage.holdingUrlHint')}</p>
        <div className="console-row">
          <input id={`${id}-picture`} type="text" inputMode="url" autoComplete="off" value={picture} aria-describedby={`${id}-picture-hint`}
            aria-invalid={failures['holding']?.field === 'holdingImageUrl' || undefined} onChange={(event) => setPicture(event.target.value)} />
          <button type="submit" className="button primary" disabled={pending.has('holding') || picture.trim() === ''}>{t('console.stage.save')}</button>
        </div>
        {stage.holdingImageUrl !== null && (
          <button type="button" className="button secondary" disabled={pending.has('holding')} onClick={() => void setHoldingImage(null)}>
            {t('console.stage.useFallback')}
          </button>
        )}
        <ControlFailure failure={failures['holding']} t={t} />
      </form>
    </section>
  );
}
