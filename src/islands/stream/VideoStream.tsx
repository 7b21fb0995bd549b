import { useEffect, useRef, useState } from 'react';
import type { StreamKind } from '~/lib/stream-kind';
import { startPlayback, type PlaybackState } from './playback';

interface Props {
  url: string;
  kind: StreamKind;
  title: string;
  locale: string;
  waitingText: string;
  /** media-chrome's English labels mapped to the event's language. */
  controlLabels: Record<string, string>;
}

/** An HLS stream in a video element wearing media-chrome controls; both load only when a video shows. */
export function VideoStream({ url, kind, title, locale, waitingText, controlLabels }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlaybackState>('loading');

  useEffect(() => {
    let cancelled = false;
    void import('./media-elements').then(({ useLanguage }) => {
      if (!cancelled) useLanguage(locale, controlLabels);
    });
    return () => {
      cancelled = true;
    };
  }, [locale, controlLabels]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    return startPlayback(video, { url, kind, onState: setState });
  }, [url, kind]);

  return (
    <>
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
