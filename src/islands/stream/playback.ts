import type Hls from 'hls.js';
import { isRecording, withRandomHash, type StreamKind } from '~/lib/stream-kind';
import { requestSignedCookies } from './stream.store';

/** docs/product.md §9 timers. */
export const STREAM_RETRY_MS = 5_000;
export const RECORDING_DELAY_MS = 1_500;

export type PlaybackState = 'loading' | 'waiting' | 'ready';

export interface PlaybackOptions {
  url: string;
  kind: StreamKind;
  onState: (state: PlaybackState) => void;
  retryMs?: number;
  recordingDelayMs?: number;
}

/**
 * A viewer who asked for reduced motion gets the player ready but still (WCAG 2.2.2: nothing
 * moves by itself); the stream starts, and its segments start loading, when they press play.
 */
const wantsStillPlayer = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;
const hasMediaSource = (): boolean => 'MediaSource' in window || 'ManagedMediaSource' in window;
const canPlayNativeHls = (video: HTMLVideoElement): boolean => video.canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * Plays an HLS stream in `video`: hls.js over Media Source Extensions when the browser has
 * them (loaded only now, it is the bulk of the player), the browser's own HLS otherwise (iOS).
 * A stream that is not up yet is retried every 5 s; an IVS channel that ends is reloaded, so the
 * player picks the broadcast up again when it restarts (docs/product.md §4). Returns a stop function.
 */
export function startPlayback(video: HTMLVideoElement, options: PlaybackOptions): () => void {
  const retryMs = options.retryMs ?? STREAM_RETRY_MS;
  if (wantsStillPlayer()) {
    // The element's autoplay attribute would start the browser's own HLS (iOS) regardless.
    video.autoplay = false;
    video.preload = 'metadata';
  }
  let stopped = false;
  let hls: Hls | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const teardown = () => {
    clearTimeout(retryTimer);
    hls?.destroy();
    hls = undefined;
  };
  const scheduleRetry = () => {
    if (stopped) return;
    teardown();
    options.onState('waiting');
    retryTimer = setTimeout(attempt, retryMs);
  };
  // A load that fails (hls.js's chunk not fetched: the network went away after the page came) is
  // tried again like a stream that is not up yet, never an uncaught rejection.
  const attempt = () => { load().catch(scheduleRetry); };
  const play = () => {
    options.onState('ready');
    if (wantsStillPlayer()) return;
    // Muted autoplay is allowed everywhere; the viewer unmutes with the controls.
    video.play().catch(() => undefined);
  };

  async function sourceUrl(): Promise<string> {
    if (!isRecording(options.url)) return options.url;
    await requestSignedCookies();
    await new Promise((resolve) => setTimeout(resolve, options.recordingDelayMs ?? RECORDING_DELAY_MS));
    return withRandomHash(options.url);
  }

  async function load(): Promise<void> {
    const url = await sourceUrl();
    if (stopped) return;
    if (hasMediaSource()) {
      const [{ default: HlsClass }, { default: workerPath }] = await Promise.all([import('hls.js/light'), import('hls.js/dist/hls.worker.js?url')]);
      if (stopped) return;
      if (HlsClass.isSupported()) {
        const still = wantsStillPlayer();
        // hls.js's module builds carry no worker of their own: its transmuxer worker is served as
        // our own asset (CSP `worker-src 'self'`), so segments are transmuxed off the main thread.
        const instance = new HlsClass({ lowLatencyMode: options.kind === 'ivs-embed', autoStartLoad: !still, enableWorker: true, workerPath });
        hls = instance;
        // A still player fetches the playlist only; segments follow the viewer's first play.
        if (still) video.addEventListener('play', () => { if (hls === instance) instance.startLoad(); }, { once: true });
        instance.on(HlsClass.Events.MANIFEST_PARSED, play);
        instance.on(HlsClass.Events.ERROR, (_event, data) => {
          if (data.fatal) scheduleRetry();
        });
        instance.loadSource(url);
        instance.attachMedia(video);
        return;
      }
    }
    if (canPlayNativeHls(video)) {
      video.src = url;
      video.addEventListener('loadedmetadata', play, { once: true });
    }
  }

  const onNativeError = () => {
    if (!hls) scheduleRetry();
  };
  const onEnded = () => {
    if (options.kind === 'ivs-embed') scheduleRetry();
  };
  video.addEventListener('error', onNativeError);
  video.addEventListener('ended', onEnded);
  // The demo and other on-demand playlists loop like a channel; live playlists never end.
  video.loop = options.kind === 'm3u8' && !isRecording(options.url);
  options.onState('loading');
  attempt();

  return () => {
    stopped = true;
    teardown();
    video.removeEventListener('error', onNativeError);
    video.removeEventListener('ended', onEnded);
    video.removeAttribute('src');
    video.load();
  };
}
