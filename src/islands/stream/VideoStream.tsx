import { useEffect, useRef, useState } from 'react';
import type { StreamKind } from '~/lib/stream-kind';
import { afterPageLoad, idleMoment } from './after-load';
import { coarseTimeUpdates } from './coarse-time-updates';
import { HoldingPicture } from './HoldingPicture';
import { defineMediaElements } from './media-elements';
import { startPlayback, type PlaybackState } from './playback';

interface Props {
  url: string;
  kind: StreamKind;
  title: string;
  locale: string;
  waitingText: string;
  /** Shown under the video until its first frame plays. */
  holding: string | null;
  /** media-chrome's English labels mapped to the event's language. */
  controlLabels: Record<string, string>;
}

/** An HLS stream in a video element wearing media-chrome controls; both load only when a video shows. */
export function VideoStream({ url, kind, title, locale, waitingText, holding, controlLabels }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlaybackState>('loading');
  const [hasPlayed, setHasPlayed] = useState(false);

  // After the page itself (after-load.ts): the first paint and the page's pictures go first. Then
  // media-chrome's elements, one per task, and, after another idle moment, hls.js (its evaluation
  // is a long task of its own), so the player's work never piles up into one stretch.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const stopCoarse = coarseTimeUpdates(video);
    const onPlaying = () => setHasPlayed(true);
    video.addEventListener('playing', onPlaying, { once: true });
    const cancelWait = afterPageLoad(() => {
      // Offline since the page came, the controls' chunks cannot be fetched: the holding picture stays.
      defineMediaElements(locale, controlLabels).then(idleMoment).then(() => {
        if (!cancelled) stop = startPlayback(video, { url, kind, onState: setState });
      }).catch(() => undefined);
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
      stopCoarse();
      video.removeEventListener('playing', onPlaying);
    };
  }, [url, kind, locale, controlLabels]);

  return (
    <>
    {!hasPlayed && <HoldingPicture src={holding} />}
    <media-controller class="stream-video" aria-label={title}>
      <video slot="media" ref={videoRef} muted autoPlay playsInline preload="auto" data-state={state} />
      <media-loading-indicator slot="centered-chrome" noautohide="" />
      <media-control-bar>
        <media-play-button />
        <media-mute-button />
        <media-volume-range />
        <media-time-range />
        <media-time-display showduration="" />
        <media-fullscreen-button />
      </media-control-bar>
    </media-controller>
    {/* Outside the controller: media-chrome only shows slotted children. */}
    {state === 'waiting' && <p className="stream-waiting" role="status">{waitingText}</p>}
    </>
  );
}
