import { useId, useState, type FormEvent } from 'react';
import type { SessionStream, StageSetting } from '~/contracts/console';
import { formatDate } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import { setHoldingImage, showHolding, switchStream, uploadHoldingImage, type ControlFailure as Failure } from './console.store';
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

/**
 * The stage (docs/console.md "The stage's sources"): its sources as a short list, the one on air
 * marked, one tap to put another on and one to return to the main stream; the break (the holding
 * picture over every player) and that picture, uploaded or an address; the main stream's address.
 */
export function StagePanel({ stage, sessions, pending, failures, zone, locale, t }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [picture, setPicture] = useState('');
  // The sources and the address form share one failure; it shows under the control that was used.
  const [streamControl, setStreamControl] = useState<'sources' | 'url'>('sources');
  const sendUrl = async (event: FormEvent) => {
    event.preventDefault();
    setStreamControl('url');
    if (await switchStream({ url: url.trim() })) setUrl('');
  };
  const play = (sessionId: number | null) => {
    setStreamControl('sources');
    void switchStream({ sessionId });
  };
  const streamFailure = (control: 'sources' | 'url') => (streamControl === control ? failures['stream'] : undefined);
  const sendPicture = async (event: FormEvent) => {
    event.preventDefault();
    if (await setHoldingImage(picture.trim())) setPicture('');
  };
  const isStreamBusy = pending.has('stream');
  const isHoldingBusy = pending.has('holding');
  const source = (key: string, name: string, detail: string, isOnAir: boolean, action: string, act: () => void) => (
    <li key={key} className={`console-source${isOnAir ? ' is-on-air' : ''}`} aria-current={isOnAir || undefined} data-source={key}>
      <span className="console-row-text">
        <span className="console-name" id={`${id}-${key}`}>{name}</span>
        <span className="console-url console-hint">{detail}</span>
      </span>
      {isOnAir ? <span className="console-state is-on">{t('console.stage.onAir')}</span> : (
        <button type="button" className="button primary" disabled={isStreamBusy} aria-describedby={`${id}-${key}`} onClick={act}>{action}</button>
      )}
    </li>
  );
  return (
    <section className="console-panel" id="console-stage" aria-labelledby="console-stage-title">
      <h2 id="console-stage-title">{t('console.stage.title')}</h2>
      <h3 className="console-group-title" id={`${id}-sources`}>{t('console.stage.sources')}</h3>
      <ul className="console-rows" aria-labelledby={`${id}-sources`} data-testid="stage-sources">
        {source('main', t('console.stage.stream'), stage.streamUrl ?? t('console.liveNow.noStream'), stage.sessionId === null, t('console.stage.backToMain'), () => play(null))}
        {sessions.map((session) => source(`session-${session.id}`, session.title, formatDate(session.startDate, 'dayTime', zone, locale),
          stage.sessionId === session.id, t('console.stage.play'), () => play(session.id)))}
      </ul>
      <ControlFailure failure={streamFailure('sources')} t={t} />

      <div className="console-break">
        <p className="console-note" role="status" data-testid="stage-break">{t(stage.holdingShown ? 'console.stage.breakOn' : 'console.stage.breakOff')}</p>
        <button type="button" className={`button ${stage.holdingShown ? 'primary' : 'secondary'}`} disabled={pending.has('break')}
          onClick={() => void showHolding(!stage.holdingShown)}>
          {t(stage.holdingShown ? 'console.stage.backToStream' : 'console.stage.showHolding')}
        </button>
        <ControlFailure failure={failures['break']} t={t} />
      </div>

      <div className="console-field console-picture">
        <span className="console-name">{t('console.stage.holdingImage')}</span>
        {stage.holdingImageUrl
          ? <img src={stage.holdingImageUrl} alt={t('console.stage.holdingCurrent')} width={160} height={90} />
          : <p className="console-hint">{t('console.stage.holdingFallback')}</p>}
        <label htmlFor={`${id}-upload`}>{t('console.stage.holdingUpload')}</label>
        <input id={`${id}-upload`} type="file" accept="image/png,image/jpeg,image/webp,image/gif" disabled={isHoldingBusy}
          aria-invalid={failures['holding']?.field === 'image' || undefined}
          onChange={(event) => { const file = event.target.files?.[0]; if (file) void uploadHoldingImage(file); event.target.value = ''; }} />
        {stage.holdingImageUrl !== null && (
          <button type="button" className="button secondary" disabled={isHoldingBusy} onClick={() => void setHoldingImage(null)}>
            {t('console.stage.useFallback')}
          </button>
        )}
        <ControlFailure failure={failures['holding']} t={t} />
      </div>

      <details className="console-more">
        <summary>{t('console.stage.addresses')}</summary>
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
        <form className="console-form" onSubmit={(event) => void sendPicture(event)}>
          <label htmlFor={`${id}-picture`}>{t('console.stage.holdingUrl')}</label>
          <p className="console-hint" id={`${id}-picture-hint`}>{t('console.stage.holdingUrlHint')}</p>
          <div className="console-row">
            <input id={`${id}-picture`} type="text" inputMode="url" autoComplete="off" value={picture} aria-describedby={`${id}-picture-hint`}
              aria-invalid={failures['holding']?.field === 'holdingImageUrl' || undefined} onChange={(event) => setPicture(event.target.value)} />
            <button type="submit" className="button primary" disabled={isHoldingBusy || picture.trim() === ''}>{t('console.stage.save')}</button>
          </div>
        </form>
      </details>
    </section>
  );
}
