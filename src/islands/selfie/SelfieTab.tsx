import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Platform } from '~/contracts/event-settings';
import { SELFIE_MAX_SIDE, type SavedSelfie, type SelfieOverlay } from '~/contracts/selfie';
import { onPageEvent } from '~/lib/page-events';
import { createT, type Messages } from '~/lib/translate';
import { OverlayPicker } from './OverlayPicker';
import { CameraError, closeCamera, nextDevice, openCamera, videoInputs, type Camera, type CameraProblem } from './selfie-camera';
import { canvasBlob, composeSelfie, loadOverlay } from './selfie-compose';
import { fetchOverlays, uploadSelfie } from './selfie.store';
import './selfie.css';

export interface SelfieTabProps {
  eventId: number;
  /** digital on the stage, webApp in the web app: decides the posting flag (docs/product.md §3). */
  platform: Platform;
  /** Posting is on for the platform: offer "also post to the timeline". */
  canPost: boolean;
  /** The locale's `selfie` section (messagesFor). */
  messages: Messages;
}

interface Shot {
  blob: Blob;
  url: string;
}

type SaveState = { kind: 'idle' } | { kind: 'saving'; percent: number } | { kind: 'saved'; selfie: SavedSelfie } | { kind: 'failed'; reason: string };

/** Server codes to the texts of docs/product.md §8 "selfie save errors have messages". */
function failureOf(status: number, body: unknown): string {
  const code = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
  if (status === 413 || code.endsWith('too_large')) return 'tooLarge';
  if (status === 429) return 'rateLimited';
  if (code === 'timeline.forbidden') return 'postingOff';
  if (code === 'selfie.invalid') return 'invalid';
  return 'failed';
}

/**
 * The selfie tab (docs/selfie.md): camera preview (front camera first, switch when
 * there are several), overlay picker, capture composed on a canvas, retake, save, optionally post
 * to the timeline, download. The camera runs only while the tab is shown and no shot is held.
 */
export default function SelfieTab({ eventId, platform, canPost, messages }: SelfieTabProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const cameraRef = useRef<Camera | null>(null);
  const [overlays, setOverlays] = useState<SelfieOverlay[] | null>(null);
  const [overlayId, setOverlayId] = useState<number | null>(null);
  const [camera, setCamera] = useState<Camera | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [devices, setDevices] = useState<string[]>([]);
  const [isShown, setShown] = useState(true);
  const [shot, setShot] = useState<Shot | null>(null);
  const [isPosting, setPosting] = useState(false);
  const [message, setMessage] = useState('');
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  // The preview takes the proportions the picture will have: the overlay's, else the camera's.
  const [frameSize, setFrameSize] = useState<string | null>(null);
  const [overlaySize, setOverlaySize] = useState<{ url: string; ratio: string } | null>(null);

  const overlay = overlays?.find((o) => o.OverlayID === overlayId) ?? null;

  useEffect(() => {
    fetchOverlays(eventId).then((list) => {
      setOverlays(list);
      setOverlayId(list[0]?.OverlayID ?? null);
    }).catch(() => setOverlays([]));
  }, [eventId]);

  // The tab's panel is hidden when another tab is chosen: the camera goes off with it.
  useEffect(() => onPageEvent('tab-change', (tab) => setShown(tab === 'selfie')), []);

  const start = useCallback(async (deviceId?: string) => {
    setProblem(null);
    try {
      const opened = await openCamera(deviceId);
      closeCamera(cameraRef.current);
      cameraRef.current = opened;
      setCamera(opened);
      setDevices(await videoInputs());
    } catch (error) {
      setProblem(error instanceof CameraError ? error.problem : 'failed');
    }
  }, []);

  const wantsCamera = isShown && shot === null;
  useEffect(() => {
    if (!wantsCamera) return undefined;
    void start();
    return () => {
      closeCamera(cameraRef.current);
      cameraRef.current = null;
      setCamera(null);
    };
  }, [wantsCamera, start]);

  useEffect(() => {
    if (video.current) video.current.srcObject = camera?.stream ?? null;
  }, [camera]);

  useEffect(() => () => { if (shot) URL.revokeObjectURL(shot.url); }, [shot]);

  async function capture(): Promise<void> {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const image = overlay ? await loadOverlay(overlay.ImageUrl).catch(() => null) : null;
    const blob = await canvasBlob(composeSelfie(element, image, SELFIE_MAX_SIDE));
    setSave({ kind: 'idle' });
    setShot({ blob, url: URL.createObjectURL(blob) });
  }

  async function saveShot(): Promise<void> {
    if (!shot || save.kind === 'saving') return;
    setSave({ kind: 'saving', percent: 0 });
    const answer = await uploadSelfie(eventId, { image: shot.blob, overlayId, postToTimeline: canPost && isPosting, message: message.trim(), platform },
      (percent) => setSave({ kind: 'saving', percent }));
    if (answer.status === 201 && answer.body && 'SelfieID' in answer.body) setSave({ kind: 'saved', selfie: answer.body });
    else setSave({ kind: 'failed', reason: failureOf(answer.status, answer.body) });
  }

  const retake = () => {
    setShot(null);
    setSave({ kind: 'idle' });
  };
  const switchTo = nextDevice(devices, camera?.deviceId);
  const isSaving = save.kind === 'saving';
  const aspect = shot ? undefined : overlay ? (overlaySize?.url === overlay.ImageUrl ? overlaySize.ratio : undefined) : frameSize ?? undefined;

  return (
    <div className="selfie">
      <div className={`selfie-frame${shot ? ' has-shot' : ''}`} style={aspect ? { aspectRatio: aspect } : undefined}>
        {shot ? (
          <img className="selfie-shot" src={shot.url} alt={t('selfie.shotAlt')} />
        ) : (
          <>
            <video ref={video} className={`selfie-video${camera?.isMirrored ? ' is-mirrored' : ''}`} autoPlay playsInline muted
              aria-label={t('selfie.preview')} hidden={!camera}
              onLoadedMetadata={(event) => setFrameSize(`${event.currentTarget.videoWidth} / ${event.currentTarget.videoHeight}`)} />
            {overlay && camera && (
              <img className="selfie-overlay-preview" src={overlay.ImageUrl} alt=""
                onLoad={(event) => setOverlaySize({ url: overlay.ImageUrl, ratio: `${event.currentTarget.naturalWidth} / ${event.currentTarget.naturalHeight}` })} />
            )}
            {!camera && !problem && <p className="selfie-note" aria-live="polite">{t('selfie.starting')}</p>}
            {problem && (
              <div className="selfie-note" role="alert">
                <p>{t(`selfie.camera.${problem}`)}</p>
                {problem !== 'unsupported' && <button type="button" className="button secondary" onClick={() => void start()}>{t('selfie.tryAgain')}</button>}
              </div>
            )}
          </>
        )}
      </div>

      {overlays === null ? <p className="selfie-note">{t('selfie.loadingOverlays')}</p>
        : overlays.length > 0 && <OverlayPicker overlays={overlays} value={overlayId} onChange={setOverlayId} disabled={shot !== null} t={t} />}

      {!shot ? (
        <div className="selfie-actions">
          <button type="button" className="button" disabled={!camera} onClick={() => void capture()}>{t('selfie.capture')}</button>
          {switchTo && <button type="button" className="button secondary" onClick={() => void start(switchTo)}>{t('selfie.switchCamera')}</button>}
        </div>
      ) : (
        <form className="selfie-save" onSubmit={(event) => { event.preventDefault(); void saveShot(); }}>
          {canPost && save.kind !== 'saved' && (
            <>
              <label className="selfie-check">
                <input type="checkbox" checked={isPosting} disabled={isSaving} onChange={(event) => setPosting(event.target.checked)} />
                {t('selfie.postToTimeline')}
              </label>
              {isPosting && (
                <label className="selfie-message" htmlFor={`${id}-message`}>
                  {t('selfie.messageLabel')}
                  <textarea id={`${id}-message`} rows={2} maxLength={5000} value={message} disabled={isSaving} onChange={(event) => setMessage(event.target.value)} />
                </label>
              )}
            </>
          )}
          <div className="selfie-actions">
            {save.kind !== 'saved' && <button type="submit" className="button" disabled={isSaving}>{isSaving ? t('selfie.saving') : t('selfie.save')}</button>}
            <a className="button secondary" href={shot.url} download="selfie.jpg">{t('selfie.download')}</a>
            <button type="button" className="button secondary" disabled={isSaving} onClick={retake}>{t('selfie.retake')}</button>
          </div>
          {isSaving && <progress className="selfie-progress" max={100} value={save.percent} aria-label={t('selfie.progress')} />}
          <div aria-live="polite">
            {save.kind === 'saved' && <p className="selfie-done">{t(save.selfie.TimelineID === null ? 'selfie.saved' : 'selfie.posted')}</p>}
          </div>
          {save.kind === 'failed' && <p role="alert" className="selfie-error">{t(`selfie.errors.${save.reason}`)}</p>}
        </form>
      )}
    </div>
  );
}
