import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createT, type Messages, type Translate } from '~/lib/translate';
import { checkInCode, type CheckInOutcome } from './check-in.store';
import { createQrDecoder } from './qr-decoder';
import '~/islands/admission/admission.css';
import './check-in.css';

interface Props {
  eventId: number;
  messages: Messages;
}

type Camera = 'off' | 'starting' | 'on' | 'failed';
interface Shown { outcome: CheckInOutcome; code: string }

/** The same ticket held in front of the camera is checked once per this many ms, not once per frame. */
const SAME_CODE_MS = 4000;
const FRAME_MS = 200;

/**
 * Door check-in: the phone's camera reads the ticket's QR code (its ticket key), or
 * staff type the ticket code; each code is checked in once and the answer is announced.
 */
export default function CheckInApp({ eventId, messages }: Props) {
  const t = createT(messages);
  const id = useId();
  const [camera, setCamera] = useState<Camera>('off');
  const [shown, setShown] = useState<Shown | null>(null);
  const [code, setCode] = useState('');
  const [isBusy, setBusy] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const busy = useRef(false);
  const last = useRef({ code: '', at: 0 });

  async function check(value: string): Promise<void> {
    const trimmed = value.trim();
    if (!trimmed || busy.current) return;
    busy.current = true;
    setBusy(true);
    last.current = { code: trimmed, at: Date.now() };
    const outcome = await checkInCode(eventId, trimmed);
    busy.current = false;
    setBusy(false);
    if (outcome.kind === 'loggedOut') {
      window.location.assign('/login-participants-results?return=/participantsCheckIn');
      return;
    }
    setShown({ outcome, code: trimmed });
  }

  function stopCamera(): void {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setCamera('off');
  }

  async function startCamera(): Promise<void> {
    setCamera('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      setCamera('on');
    } catch {
      setCamera('failed');
    }
  }

  useEffect(() => {
    const element = video.current;
    if (camera !== 'on' || !element || !stream.current) return;
    element.srcObject = stream.current;
    void element.play().catch(() => undefined);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void createQrDecoder().then((decode) => {
      const tick = async () => {
        if (stopped) return;
        if (!busy.current && canvas.current) {
          const found = await decode(element, canvas.current);
          const repeat = found !== null && found === last.current.code && Date.now() - last.current.at < SAME_CODE_MS;
          if (found && !repeat && !stopped) await check(found);
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    });
    return () => { stopped = true; clearTimeout(timer); };
    // check() reads refs only, so the loop restarts only when the camera does.
  }, [camera]);

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(code).then(() => setCode(''));
  };

  return (
    <div className="check-in">
      <div className="check-in-camera">
        {camera === 'on' || camera === 'starting'
          ? <button type="button" className="button secondary" onClick={stopCamera}>{t('checkIn.stopCamera')}</button>
          : <button type="button" className="button primary" onClick={() => void startCamera()}>{t('checkIn.startCamera')}</button>}
        <p>{camera === 'failed' ? t('checkIn.cameraUnavailable') : t('checkIn.cameraHelp')}</p>
        <video ref={video} className="check-in-video" hidden={camera !== 'on'} muted playsInline aria-label={t('checkIn.scanning')} />
        <canvas ref={canvas} hidden />
      </div>
      <form className="check-in-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('checkIn.code')}</label>
          <input id={`${id}-code`} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        </div>
        <button type="submit" className="button primary" disabled={isBusy || code.trim() === ''}>{t('checkIn.submit')}</button>
      </form>
      <div className={`check-in-result ${shown ? `is-${shown.outcome.kind}` : ''}`} role="status" aria-live="polite">
        {shown && <p>{describe(shown.outcome, t)}</p>}
      </div>
    </div>
  );
}

function describe(outcome: CheckInOutcome, t: Translate): string {
  switch (outcome.kind) {
    case 'admitted': return t('checkIn.admitted', { name: `${outcome.body.firstName} ${outcome.body.lastName}` });
    case 'alreadyAdmitted': return t('checkIn.already', { name: `${outcome.body.firstName} ${outcome.body.lastName}`, time: outcome.body.admittedTime });
    case 'unknown': return t('checkIn.unknown');
    case 'rateLimited': return t('checkIn.rateLimited');
    default: return t('checkIn.failed');
  }
}
